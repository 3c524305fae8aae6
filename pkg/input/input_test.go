package input

import (
	"errors"
	"strings"
	"testing"

	"courtier/pkg/apperr"
)

// name is a one-line optional field, message a multi-line required one
// that drops control characters, like the chat's.
var (
	name = Field{Name: "displayName", Max: 10, Invalid: "invalide", TooLong: "trop long"}
	code = Field{Name: "model", Min: 2, Max: 10, Required: "requis", TooShort: "trop court", TooLong: "trop long", Invalid: "invalide"}
	msg  = Field{Name: "text", Max: 20, Multiline: true, DropControls: true, Required: "requis", TooLong: "trop long", Invalid: "invalide"}
)

func TestClean(t *testing.T) {
	tests := []struct {
		name    string
		field   Field
		in      string
		want    string
		wantErr string // the message of the expected error, "" for none
	}{
		{"plain", name, "Léa", "Léa", ""},
		{"trimmed", name, "  Léa \t", "Léa", ""},
		{"NFC: e and a combining acute become é", name, "Le\u0301a", "Léa", ""},
		{"NFC counts composed characters", name, strings.Repeat("e\u0301", 10), strings.Repeat("é", 10), ""},
		{"NBSP inside is a visible space", name, "Jean\u00a0Luc", "Jean\u00a0Luc", ""},
		{"emoji and CJK", name, "José 🚗 李", "José 🚗 李", ""},
		{"emoji ZWJ sequence", name, "👩\u200d💻", "👩\u200d💻", ""},
		{"emoji ZWJ with skin tone and selector", name, "👨🏽\u200d⚕\ufe0f", "👨🏽\u200d⚕\ufe0f", ""},
		{"rainbow flag", name, "🏳\ufe0f\u200d🌈", "🏳\ufe0f\u200d🌈", ""},
		{"heart with selector", name, "❤\ufe0f", "❤\ufe0f", ""},
		{"empty optional", name, "", "", ""},
		{"blanks only, optional, is empty", name, " \u00a0\u200b\u3164\ufeff ", "", ""},
		{"edge blanks trimmed", name, "\u200bLéa\u2060", "Léa", ""},
		{"too long", name, strings.Repeat("a", 11), "", "trop long"},
		{"ZWJ between letters", name, "ad\u200dmin", "", "invalide"},
		{"ZWJ after an emoji before a letter", name, "🚗\u200da", "", "invalide"},
		{"ZWNJ", name, "a\u200cb", "", "invalide"},
		{"zero width space inside", name, "ad\u200bmin", "", "invalide"},
		{"word joiner inside", name, "ad\u2060min", "", "invalide"},
		{"Hangul filler inside", name, "a\u3164b", "", "invalide"},
		{"soft hyphen", name, "ad\u00admin", "", "invalide"},
		{"tag characters", name, "a\U000E0041\U000E0042", "", "invalide"},
		{"two variation selectors", name, "❤\ufe0f\ufe0e", "", "invalide"},
		{"variation selector alone", name, "\ufe0f", "", "invalide"},
		{"replacement character", name, "L\ufffda", "", "invalide"},
		{"invalid UTF-8", name, "L\xe9a", "", "invalide"},
		{"NUL refused in a one-line field", name, "a\x00b", "", "invalide"},
		{"tab refused in a one-line field", name, "a\tb", "", "invalide"},
		{"line break refused in a one-line field", name, "a\nb", "", "invalide"},
		{"line separator refused in a one-line field", name, "a\u2028b", "", "invalide"},
		{"DEL", name, "a\x7fb", "", "invalide"},
		{"C1 control", name, "a\u0085b", "", "invalide"},
		{"required empty", code, "", "", "requis"},
		{"required spaces", code, "   ", "", "requis"},
		{"required NBSP and ZWSP", code, "\u00a0\u200b\u202f", "", "requis"},
		{"required braille blank", code, "\u2800\u2800", "", "requis"},
		{"required one character", code, "a", "", "trop court"},
		{"required two characters", code, "ab", "ab", ""},
		{"multi-line keeps breaks and tabs", msg, "a\n\tb", "a\n\tb", ""},
		{"multi-line CRLF and CR", msg, "a\r\nb\rc", "a\nb\nc", ""},
		{"multi-line paragraph separator", msg, "a\u2029b", "a\nb", ""},
		{"dropped controls", msg, "a\x00b\x1b[0mc", "ab[0mc", ""},
		{"controls only", msg, "\x00\x01", "", "requis"},
		{"breaks only", msg, "\n\t\r\n", "", "requis"},
		{"dropped controls then too long", msg, strings.Repeat("é", 21), "", "trop long"},
		{"zero width space refused in a message", msg, "a\u200bb", "", "invalide"},
	}
	bidi := []rune{0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C}
	for _, r := range bidi {
		for _, f := range []Field{name, msg} {
			tests = append(tests, struct {
				name    string
				field   Field
				in      string
				want    string
				wantErr string
			}{"bidi " + string(r) + " in " + f.Name, f, "ab" + string(r) + "c", "", "invalide"})
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.field.Clean(tt.in)
			if tt.wantErr == "" {
				if err != nil || got != tt.want {
					t.Fatalf("Clean(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Message != tt.wantErr || e.Field != tt.field.Name || e.Code != apperr.EINVALID {
				t.Fatalf("Clean(%q) = %q, %v; want the field error %q on %s", tt.in, got, err, tt.wantErr, tt.field.Name)
			}
		})
	}
}

func TestLookAlike(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"admin@exemple.fr", false},
		{"josé@exemple.fr", false},
		{"jose\u0301@exemple.fr", false}, // canonical: NFC settles it
		{"ａｄｍｉｎ@exemple.fr", true},
		{"admin@exemple.ｆｒ", true},
		{"oﬁce@exemple.fr", true},
		{"admin²@exemple.fr", true},
		{"ⓐdmin@exemple.fr", true},
		{"𝐚dmin@exemple.fr", true},
	}
	for _, tt := range tests {
		if got := LookAlike(tt.in); got != tt.want {
			t.Errorf("LookAlike(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestRefused(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"", false},
		{"admin@exemple.fr", false},
		{"👩\u200d💻", false},
		{"👩\u200d", true}, // a joiner at the end joins nothing
		{"\u200d💻", true},
		{"a\u200bb", true},
		{"a\xff", true}, // invalid UTF-8 reads as U+FFFD
		{"\xff", true},
		{"é\u202e", true},
	}
	for _, tt := range tests {
		if got := Refused(tt.in); got != tt.want {
			t.Errorf("Refused(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// FuzzClean: no text makes Clean panic, and what it keeps it keeps as is
// (cleaning twice changes nothing), with no refused character left.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"Léa", " a\u200bb ", "👩\u200d💻", "e\u0301", "a\r\nb\x00", "\u202e", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, field := range []Field{name, code, msg} {
			field.Max = 0
			got, err := field.Clean(s)
			if err != nil {
				continue
			}
			again, err := field.Clean(got)
			if err != nil || again != got || Refused(got) {
				t.Fatalf("Clean(%q) = %q, then %q, %v", s, got, again, err)
			}
		}
	})
}
