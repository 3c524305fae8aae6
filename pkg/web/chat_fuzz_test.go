package web

import (
	"bytes"
	"net/http/httptest"
	"testing"
	"unicode/utf8"

	"courtier/pkg/apperr"
	"courtier/pkg/chat"
)

// FuzzDecodeChatMessage sends any body as a chat message: the decoding
// must never panic, and must either give a clean message within the
// limits or refuse with a 400 (EINVALID), never an internal error. `go
// test` runs the seeds; `go test -fuzz FuzzDecodeChatMessage ./pkg/web`
// searches further.
func FuzzDecodeChatMessage(f *testing.F) {
	for _, seed := range []string{
		`{"text":"bonjour"}`, `{"text":""}`, `{"text":"   "}`, `{"text":null}`, `{"text":12}`, `{"text":"a"}{"text":"b"}`,
		`{"text":"\u0000\ud800"}`, `{"text":"é\r\n"}`, `{"txt":"a"}`, `[]`, `null`, `"text"`, `{`, ``, "\xff\xfe",
		`{"text":"` + string(bytes.Repeat([]byte("a"), 1001)) + `"}`, `{"text":"\\"}`, `{"text":"a","text":"b"}`,
	} {
		f.Add([]byte(seed), "application/json")
	}
	f.Add([]byte(`{"text":"bonjour"}`), "text/plain")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		// The Content-Type as fuzzed, empty included.
		req := apiScenario{method: "POST", path: "/api/chat/conversations/x/messages", body: string(body),
			headers: map[string]string{"Content-Type": contentType}}.request()
		text, err := decodeChatMessage(httptest.NewRecorder(), req)
		if err != nil {
			if apperr.CodeOf(err) != apperr.EINVALID {
				t.Fatalf("body %q: error %v is not EINVALID", body, err)
			}
			return
		}
		if text == "" || utf8.RuneCountInString(text) > chat.MaxMessageLen || !utf8.ValidString(text) {
			t.Fatalf("body %q gave the message %q", body, text)
		}
	})
}
