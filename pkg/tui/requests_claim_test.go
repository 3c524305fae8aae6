package tui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// statusTexts are the status bar's lines the messages would write.
func statusTexts(msgs []tea.Msg) []string {
	var out []string
	for _, msg := range msgs {
		switch msg := msg.(type) {
		case InfoMsg:
			// An empty line only clears the status bar.
			if msg.Text != "" {
				out = append(out, msg.Text)
			}
		case ErrMsg:
			out = append(out, "erreur\u00a0: "+errorText(msg.Err))
		}
	}
	return out
}

// TestRequestsClaimSave: f then a file's number saves it under its own
// name in the directory, « (2) » added the second time; a number out of
// range or not a number says why in French and writes nothing; esc gives up.
func TestRequestsClaimSave(t *testing.T) {
	f := &fakeScreensSource{claims: true}
	s := newTestScreen(t, newRequestsScreen, f, 80, 24)
	m := s.(*requestsScreen)
	dir := t.TempDir()
	m.saveDir = dir
	s, _ = press(s, "enter")
	if m.detail == nil || m.detail.Claim == nil || m.detail.Request.Ref != "SN-2026-000123" {
		t.Fatalf("enter did not open the claim: mode %d", m.mode)
	}
	if !key.Matches(runes("f"), s.ShortHelp()...) {
		t.Error("the claim's help lacks f")
	}
	steps := []struct {
		name string
		keys []string
		call string
		want string
		file string
	}{
		{"the photo", []string{"f", "1", "enter"}, "SaveClaimFile s1 f1",
			"Enregistré\u00a0: " + filepath.Join(dir, "photo-evier.jpg") + " (26\u00a0octets).", "photo-evier.jpg"},
		{"the photo again", []string{"f", "1", "enter"}, "SaveClaimFile s1 f1",
			"Enregistré\u00a0: " + filepath.Join(dir, "photo-evier (2).jpg") + " (26\u00a0octets).", "photo-evier (2).jpg"},
		{"the staff's letter", []string{"f", " 3 ", "enter"}, "SaveClaimFile s1 f3", "courrier-assureur.pdf", "courrier-assureur.pdf"},
		{"out of range", []string{"f", "7", "enter"}, "",
			"erreur\u00a0: Il n’y a pas de pièce n°\u00a07\u00a0: tapez un numéro de 1 à 3.", ""},
		{"zero", []string{"f", "0", "enter"}, "", "erreur\u00a0: Il n’y a pas de pièce n°\u00a00\u00a0: tapez un numéro de 1 à 3.", ""},
		{"not a number", []string{"f", "un", "enter"}, "",
			"erreur\u00a0: «\u00a0un\u00a0» n’est pas un numéro de pièce\u00a0: tapez un numéro de 1 à 3.", ""},
		{"empty, then cancelled", []string{"f", "enter", "esc"}, "", "", ""},
		{"cancelled", []string{"f", "2", "esc"}, "", "", ""},
	}
	for _, st := range steps {
		before := len(f.Calls())
		var out []tea.Msg
		s, out = press(s, st.keys...)
		var calls []string
		for _, c := range f.Calls()[before:] {
			if !strings.HasPrefix(c, "Request") {
				calls = append(calls, c)
			}
		}
		if st.call == "" && len(calls) > 0 || st.call != "" && (len(calls) != 1 || calls[0] != st.call) {
			t.Errorf("%s: calls %q, want %q", st.name, calls, st.call)
		}
		texts := statusTexts(out)
		if st.want == "" && len(texts) > 0 || st.want != "" && (len(texts) != 1 || !strings.Contains(texts[0], st.want)) {
			t.Errorf("%s: status %q, want %q", st.name, texts, st.want)
		}
		if st.file != "" {
			id := strings.TrimPrefix(st.call, "SaveClaimFile s1 ")
			if got, err := os.ReadFile(filepath.Join(dir, st.file)); err != nil || !bytes.Equal(got, fakeClaimData[id]) {
				t.Errorf("%s: %s holds %q (%v), want %q", st.name, st.file, got, err, fakeClaimData[id])
			}
		}
		if m.mode != reqDetail || s.Capturing() {
			t.Errorf("%s: mode %d after it, capturing %v", st.name, m.mode, s.Capturing())
		}
	}
	if list, _ := os.ReadDir(dir); len(list) != 3 {
		t.Errorf("%d files written, want 3", len(list))
	}
	// The input is the filter's again, whole.
	s, _ = press(s, "esc", "/", "jeanne martin", "enter")
	if m.query != "jeanne martin" {
		t.Errorf("the filter after a save keeps %q", m.query)
	}
}

// TestRequestsSaveOnlyOnClaims: f is neither in the help nor acting on a
// request that is not a claim.
func TestRequestsSaveOnlyOnClaims(t *testing.T) {
	f := &fakeScreensSource{claims: true}
	s := newTestScreen(t, newRequestsScreen, f, 80, 24)
	s, _ = press(s, "down", "enter")
	m := s.(*requestsScreen)
	if m.detail == nil || m.detail.Claim != nil {
		t.Fatal("the second request is not a quote")
	}
	if key.Matches(runes("f"), s.ShortHelp()...) {
		t.Error("f is offered on a quote")
	}
	s, _ = press(s, "f")
	if m.mode != reqDetail || s.Capturing() {
		t.Errorf("f on a quote opened mode %d", m.mode)
	}
}

// TestSaveUnique: the name is made safe, never overwrites, and the
// working directory shows as « ./ ».
func TestSaveUnique(t *testing.T) {
	names := map[string]string{
		"photo.jpg":                       "photo.jpg",
		"../../etc/passwd":                "etc-passwd",
		`C:\Users\a\photo.jpg`:            "C--Users-a-photo.jpg",
		".bashrc":                         "bashrc",
		"..":                              "piece",
		"  ":                              "piece",
		"a\x00b\nc.pdf":                   "a-bc.pdf",
		strings.Repeat("é", 200) + ".jpg": strings.Repeat("é", 116) + ".jpg",
	}
	for in, want := range names {
		if got := safeName(in); got != want {
			t.Errorf("safeName(%q) = %q, want %q", in, got, want)
		}
	}
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("devis.pdf", []byte("ancien"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := saveUnique("", "devis.pdf", []byte("nouveau"))
	if err != nil || got != (SavedFile{Path: "./devis (2).pdf", Size: 7}) {
		t.Errorf("saveUnique: %+v, %v", got, err)
	}
	if b, _ := os.ReadFile("devis.pdf"); string(b) != "ancien" {
		t.Errorf("devis.pdf overwritten: %q", b)
	}
	if _, err := saveUnique(filepath.Join(dir, "absent"), "devis.pdf", nil); err == nil || !strings.Contains(errorText(err), "Impossible d’écrire") {
		t.Errorf("a missing directory: %v", err)
	}
	for n, want := range map[int64]string{812: "812\u00a0octets", 250_880: "245\u00a0Ko", 1023 * 1024: "1\u202f023\u00a0Ko", 1_258_291: "1,2\u00a0Mo", 5 << 20: "5\u00a0Mo"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}
