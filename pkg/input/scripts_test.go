package input

import (
	"os"
	"strings"
	"testing"
)

func TestScripts(t *testing.T) {
	tests := []struct {
		name, in       string
		mixed, imitate bool
	}{
		{"Latin", "clienta", false, false},
		{"French accents", "élodie.lefèvre", false, false},
		{"decomposed accent", "zoe\u0301", false, false},
		{"digits and punctuation", "jean-2026_x+devis", false, false},
		{"Cyrillic е among Latin", "cli\u0435nta", true, false},
		{"Greek omicron among Latin", "cli\u03bfnta", true, false},
		{"Cyrillic that reads pay", "\u0440\u0430\u0443", false, true},
		{"Cyrillic that reads pay, with digits", "\u0440\u0430\u04432026", false, true},
		{"Cyrillic that reads as itself", "иван", false, false},
		{"Cyrillic place", "почта", false, false},
		{"Greek that reads as itself", "αβγ", false, false},
		{"Greek that reads as Latin", "\u03bf\u03bf", false, true},
		{"Japanese", "日本語ドメインです", false, false},
		{"Korean", "한국漢字", false, false},
		{"Japanese with Latin", "日本abc", true, false},
		{"only digits", "12345", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := MixedScripts(tt.in); got != tt.mixed {
				t.Errorf("MixedScripts(%q) = %v, want %v", tt.in, got, tt.mixed)
			}
			if got := ImitatesLatin(tt.in); got != tt.imitate {
				t.Errorf("ImitatesLatin(%q) = %v, want %v", tt.in, got, tt.imitate)
			}
		})
	}
}

func TestSkeleton(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"clienta", "cli\u0435nta", true},  // Cyrillic е
		{"clienta", "cli\u03bfnta", false}, // ο reads o, not e
		{"client", "cli\u03bfnt", false},
		{"john", "j\u03bfhn", true}, // Greek omicron
		{"clienta", "CLIENTA", true},
		{"clienta", "c1ienta", true},
		{"clienta", "cl\u0131enta", true}, // dotless ı
		{"clienta", "client\u0251", true}, // Latin alpha ɑ
		{"exemple", "exernple", true},     // rn for m
		{"jean0", "jeano", true},          // the skeleton of 0 is O
		{"pay", "\u0440\u0430\u0443", true},
		{"zoé", "zoe\u0301", true},
		{"élodie", "elodie", false}, // an accent is a difference
		{"clienta", "cli\u0117nta", false},
		{"marie", "maria", false},
	}
	for _, tt := range tests {
		if got := Skeleton(tt.a) == Skeleton(tt.b); got != tt.same {
			t.Errorf("Skeleton(%q) = %q, Skeleton(%q) = %q: same %v, want %v", tt.a, Skeleton(tt.a), tt.b, Skeleton(tt.b), got, tt.same)
		}
	}
}

// TestSkeletonVersion: SkeletonVersion names the version of the
// confusables data that go.mod builds with, so that an upgrade makes
// every stored skeleton again.
func TestSkeletonVersion(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(mod), "\n") {
		fields := strings.Fields(line)
		if len(fields) >= 2 && fields[0] == "go.mau.fi/util" {
			if want := "; " + fields[0] + " " + fields[1] + ";"; !strings.Contains(SkeletonVersion, want) {
				t.Fatalf("go.mod has %s, SkeletonVersion says %q: change it, and the stored skeletons will be made again", want, SkeletonVersion)
			}
			return
		}
	}
	t.Fatal("go.mod does not name go.mau.fi/util")
}
