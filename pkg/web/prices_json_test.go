package web

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"courtier/pkg/instant"
)

// TestPriceAnswerAsEncodingJSON: POST /api/prices answers, byte for byte,
// what encoding/json writes for the quote beside its key (the answer
// before it was written by hand), with its length.
func TestPriceAnswerAsEncodingJSON(t *testing.T) {
	env := newAPI(t)
	for _, body := range []string{
		`{"product":"car","answers":` + carAnswers + `}`,
		`{"product":"car","answers":` + carAnswers + `,"needs":{"covers":["glass"],"deductible":"medium","existingCover":"elsewhere"}}`,
	} {
		res, got := env.do(t, "POST", "/api/prices", body, "")
		if res.StatusCode != 200 {
			t.Fatalf("POST /api/prices: %d %s", res.StatusCode, got)
		}
		var answer struct {
			*instant.Quote
			Key string `json:"key"`
		}
		if err := json.Unmarshal([]byte(got), &answer); err != nil || answer.Result == nil || answer.Key == "" {
			t.Fatalf("the answer does not decode: %v %s", err, got)
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(answer); err != nil {
			t.Fatal(err)
		}
		if got != want.String() {
			t.Errorf("the answer:\n%s\nencoding/json writes:\n%s", got, want.String())
		}
		if res.Header.Get("Content-Length") != strconv.Itoa(len(got)) || res.Header.Get("Content-Type") != "application/json; charset=utf-8" ||
			res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("headers %v for %d bytes", res.Header, len(got))
		}
	}
}
