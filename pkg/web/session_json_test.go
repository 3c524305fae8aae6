package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
)

// TestAppendUserResponseMatchesWriteJSON: GET /api/session and the pages
// write the user with appendUserResponse; the bytes must be those
// encoding/json wrote before (writeJSON for the API, json.Marshal for
// the page's embedded session).
func TestAppendUserResponseMatchesWriteJSON(t *testing.T) {
	at := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	users := []*account.User{
		nil,
		{UID: "u1", Email: "marie@exemple.fr", DisplayName: "Marie", Role: account.RoleClient, Status: account.StatusActive, CreatedAt: at, UpdatedAt: at},
		{UID: "u2", Email: "h@exemple.fr", DisplayName: "Hélène <b>&</b> \"l'Œuvre\"\u2028", Role: account.RoleAdmin, Status: account.StatusDisabled,
			CreatedAt: at, UpdatedAt: at.Add(time.Minute), Extra: map[string]any{"phone": "01 99 00 00 00", "uid": "shadow"}},
	}
	for _, u := range users {
		rec := httptest.NewRecorder()
		writeJSON(rec, 200, userResponse{User: u})
		got, err := appendUserResponse(nil, u)
		if err != nil || !bytes.Equal(append(got, '\n'), rec.Body.Bytes()) {
			t.Errorf("appendUserResponse = %s, %v\nwriteJSON wrote %s", got, err, rec.Body.Bytes())
		}
		marshalled, _ := json.Marshal(userResponse{User: u})
		if !bytes.Equal(got, marshalled) {
			t.Errorf("appendUserResponse = %s\njson.Marshal = %s", got, marshalled)
		}
	}
}

// TestHandleSessionAnswer: the answer's headers and body, signed in or not.
func TestHandleSessionAnswer(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	endsTheObject := func(t testing.TB, _ *http.Response, body string) {
		if !strings.HasSuffix(body, "}\n") {
			t.Errorf("body %q does not end with }\\n", body)
		}
	}
	header := map[string]string{"Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store"}
	for _, sc := range []apiScenario{
		{name: "visitor", contains: []string{"{\"user\":null}\n"}},
		{name: "signed in", cookie: cookie, contains: []string{`"email":"marie@exemple.fr"`}},
	} {
		t.Run(sc.name, func(t *testing.T) {
			sc.method, sc.path, sc.status, sc.header, sc.check = "GET", "/api/session", 200, header, endsTheObject
			sc.run(t, env.h, nil)
		})
	}
}
