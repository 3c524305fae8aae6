// Package quote owns the quote requests a signed-in client sends for one of
// the broker's eight products: their per-product details and validation,
// their status as agents follow them, and their storage.
package quote

import (
	"encoding/json"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// Product is one of the eight insurance products, with the ids of the
// company profile's services list and site/routes.json.
type Product string

// The products a quote can be asked for.
const (
	ProductCar    Product = "car"
	ProductHome   Product = "home"
	ProductHealth Product = "health"
	ProductLife   Product = "life"
	ProductPro    Product = "pro"
	ProductVTC    Product = "vtc"
	ProductFleet  Product = "fleet"
	ProductTemp   Product = "temp"
)

// Products lists the products in the order the site shows them.
func Products() []Product {
	return []Product{ProductCar, ProductHome, ProductHealth, ProductLife, ProductPro, ProductVTC, ProductFleet, ProductTemp}
}

// ContactEmail and ContactPhone are how a client asks to be answered.
const (
	ContactEmail = "email"
	ContactPhone = "phone"
)

// Contact is how the client wants the answer: by e-mail (to the account's
// address) or by phone, at Phone. Phone is optional with e-mail.
type Contact struct {
	Method string `json:"method"`
	Phone  string `json:"phone"`
}

// Draft is a quote request as the client sends it, before validation;
// Details is decoded once Product says which struct it fills.
type Draft struct {
	Product string          `json:"product"`
	Details json.RawMessage `json:"details"`
	Contact Contact         `json:"contact"`
	Message string          `json:"message"`
}

// Details are the answers a product asks for a first quote: one of *Car,
// *Home, *Health, *Life, *Pro, *VTC, *Fleet, *Temp.
type Details interface {
	// check validates and normalises the answers in place, stopping at
	// the first error so that the message sits next to the first field to fix.
	check(c *checker)
}

// Request is a stored quote request.
type Request struct {
	ID string
	// Ref is the reference the client quotes: DV-2026-000123.
	Ref       string
	UID       string
	Product   Product
	Status    desk.Status
	Details   Details
	Contact   Contact
	Message   string
	CreatedAt time.Time
	UpdatedAt time.Time
	// Offers are the broker's offers, the latest sending first.
	Offers []Offer
	// DeclineReason is why the client last declined the offers, in their
	// words; DeclinedAt when (zero if never).
	DeclineReason string
	DeclinedAt    time.Time
	// Replies are what the broker wrote to the client about it.
	Replies []desk.Reply
}

// requestJSON is the JSON of a request; statusLabel spares the site a copy
// of the labels.
type requestJSON struct {
	ID          string      `json:"id"`
	Ref         string      `json:"ref"`
	UID         string      `json:"uid"`
	Product     Product     `json:"product"`
	Status      desk.Status `json:"status"`
	StatusLabel string      `json:"statusLabel"`
	Details     Details     `json:"details"`
	Contact     Contact     `json:"contact"`
	Message     string      `json:"message"`
	CreatedAt   string      `json:"createdAt"`
	UpdatedAt   string      `json:"updatedAt"`
	// Decidable: the client may accept an offer or decline them now.
	Decidable     bool         `json:"decidable"`
	Offers        []Offer      `json:"offers"`
	DeclineReason string       `json:"declineReason"`
	DeclinedAt    string       `json:"declinedAt"`
	Replies       []desk.Reply `json:"replies"`
}

// MarshalJSON writes the request for its owner and for staff, times as
// ISO 8601 UTC, lists never null.
func (r Request) MarshalJSON() ([]byte, error) {
	v := requestJSON{
		ID: r.ID, Ref: r.Ref, UID: r.UID, Product: r.Product, Status: r.Status, StatusLabel: StatusLabel(r.Status),
		Details: r.Details, Contact: r.Contact, Message: r.Message,
		CreatedAt: store.FormatTime(r.CreatedAt), UpdatedAt: store.FormatTime(r.UpdatedAt),
		Decidable: r.Status == StatusOffered, Offers: r.Offers, DeclineReason: r.DeclineReason, Replies: r.Replies,
	}
	if v.Offers == nil {
		v.Offers = []Offer{}
	}
	if v.Replies == nil {
		v.Replies = []desk.Reply{}
	}
	if !r.DeclinedAt.IsZero() {
		v.DeclinedAt = store.FormatTime(r.DeclinedAt)
	}
	return json.Marshal(v)
}

// productTitle is the product's name in the queue.
func productTitle(p Product) string {
	switch p {
	case ProductCar:
		return "Assurance auto"
	case ProductHome:
		return "Assurance habitation"
	case ProductHealth:
		return "Mutuelle santé"
	case ProductLife:
		return "Assurance vie"
	case ProductPro:
		return "Assurance professionnelle"
	case ProductVTC:
		return "Assurance VTC"
	case ProductFleet:
		return "Flotte automobile"
	case ProductTemp:
		return "Assurance temporaire"
	}
	return string(p)
}
