package upload

import (
	"strings"
	"testing"
)

func TestCleanName(t *testing.T) {
	tests := []struct {
		name string
		kind Kind
		want string
	}{
		{"permis.pdf", PDF, "permis.pdf"},
		{"../../etc/passwd.pdf", PDF, "passwd.pdf"},
		{`C:\Users\Léa\Documents\Carte grise.PDF`, PDF, "Carte grise.pdf"},
		{"photo.JPEG", JPEG, "photo.jpeg"},
		{"photo.png", JPEG, "photo.jpg"},
		{"permis.exe", PDF, "permis.pdf"},
		{"relevé.2024", PDF, "relevé.2024.pdf"},
		{"releve\u0301.pdf", PDF, "relevé.pdf"}, // NFD, as macOS sends it
		{"facture\u202Efdp.exe", PDF, "facturefdp.pdf"},
		{"a\x00b\x1bc\td.jpg", JPEG, "abcd.jpg"},
		{`qui?:quoi*<>|".png`, PNG, "qui__quoi_____.png"},
		{"  ..cache.pdf.. ", PDF, "cache.pdf"},
		{"", PDF, "document.pdf"},
		{"..", PNG, "document.png"},
		{".pdf", PDF, "document.pdf"},
		{"/", JPEG, "document.jpg"},
		{"\xff\xfe.pdf", PDF, "document.pdf"},
		{strings.Repeat("é", 200) + ".pdf", PDF, strings.Repeat("é", 58) + ".pdf"},
	}
	for _, tt := range tests {
		got := cleanName(tt.name, tt.kind)
		if got != tt.want {
			t.Errorf("cleanName(%q) = %q, want %q", tt.name, got, tt.want)
		}
		if len(got) > maxNameBytes {
			t.Errorf("cleanName(%q) is %d bytes long", tt.name, len(got))
		}
	}
}
