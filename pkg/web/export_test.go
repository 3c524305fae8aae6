package web

import (
	"strings"
	"testing"
	"time"
)

func TestExportIsLimitedPerAccount(t *testing.T) {
	env := newAPI(t)
	marie := env.signUp(t, "marie@exemple.fr")
	paul := env.signUp(t, "paul@exemple.fr")
	for i := range 3 {
		if res, body := env.do(t, "GET", "/api/profile/export", "", marie); res.StatusCode != 200 {
			t.Fatalf("export %d: %d %s", i+1, res.StatusCode, body)
		}
	}
	res, body := env.do(t, "GET", "/api/profile/export", "", marie)
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "1200" ||
		!strings.Contains(body, "Vous avez déjà téléchargé vos données plusieurs fois dans l’heure. Réessayez dans 20 minutes.") ||
		res.Header.Get("Content-Disposition") != "" {
		t.Fatalf("4th export: %d %q %v %s", res.StatusCode, res.Header.Get("Retry-After"), res.Header, body)
	}
	// Another signed-in browser of the same account shares its count.
	if res, _ := env.do(t, "GET", "/api/profile/export", "", env.signIn(t, "marie@exemple.fr", false)); res.StatusCode != 429 {
		t.Errorf("another session of the account: %d", res.StatusCode)
	}
	if res, _ := env.do(t, "GET", "/api/profile/export", "", paul); res.StatusCode != 200 {
		t.Errorf("another account: %d", res.StatusCode)
	}
	env.clock.Advance(20 * time.Minute)
	if res, _ := env.do(t, "GET", "/api/profile/export", "", marie); res.StatusCode != 200 {
		t.Errorf("20 minutes later: %d", res.StatusCode)
	}
}
