package chatbot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzRespond feeds the engine any text in any context: it must never
// panic, always answer a known intent with a typeset, non-empty reply,
// and keep the context within its cap. `go test` runs the seeds; run
// `go test -fuzz FuzzRespond ./pkg/chatbot` to search further.
func FuzzRespond(f *testing.F) {
	for _, seed := range []string{
		"", " ", "bonjour", "Au revoir", "l'assurance", "d’un véhicule", "SANTÉ", "sante\u0301", "œuvre",
		"envie", "argent", "devise", "vieux", "combien ça coûte ?", "e-mail", "\x00\xff\xfe", "🙂🙂",
		"réclamation", "j'ai porté plainte", "porter", "plainte contre", "au feu", "il y a des blessés", "l'eau coule encore", "dégât des", "loi", "rc pro", "vtc",
		strings.Repeat("voiture ", 200), strings.Repeat("a", 1000), "au", "revoir au", "'''", "\u0301\u0301",
	} {
		f.Add(seed, 0, "")
		f.Add(seed, ContextCap, string(Home))
	}
	e := New(testCompany())
	known := map[Intent]bool{Unknown: true}
	for _, r := range Rules() {
		known[r.Intent] = true
	}
	f.Fuzz(func(t *testing.T, text string, entries int, product string) {
		uc := UserContext{InterestedProduct: Product(product), Entries: (entries%(ContextCap+1) + ContextCap + 1) % (ContextCap + 1)}
		if !isProduct(uc.InterestedProduct) {
			uc.InterestedProduct = ""
		}
		r, next := e.Respond(uc, text)
		if !known[r.Intent] || r.Intent != e.Detect(text) {
			t.Fatalf("intent %q for %q", r.Intent, text)
		}
		if r.Text == "" || !utf8.ValidString(r.Text) || badSpacing(r.Text) != "" {
			t.Fatalf("reply %q for %q", r.Text, text)
		}
		if next.Entries < 0 || next.Entries > ContextCap {
			t.Fatalf("context %+v after %+v", next, uc)
		}
	})
}
