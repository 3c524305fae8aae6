// Package site hands the built React app and its route list to the Go server.
package site

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed routes.json
var routesJSON []byte

// Route is one client route of routes.json, the list the React router and
// the Go server both derive from.
type Route struct {
	Path        string `json:"path"`
	Page        string `json:"page"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Product     string `json:"product,omitempty"`
	Protected   bool   `json:"protected,omitempty"`
}

// Meta is the title and description of a page without a route.
type Meta struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// Table is the whole of routes.json.
type Table struct {
	NotFound Meta    `json:"notFound"`
	Routes   []Route `json:"routes"`
}

// Routes parses the embedded routes.json.
func Routes() (Table, error) {
	var t Table
	if err := json.Unmarshal(routesJSON, &t); err != nil {
		return Table{}, fmt.Errorf("routes.json illisible: %w", err)
	}
	return t, nil
}
