package upload

import (
	"bytes"
	"strings"
	"testing"

	"courtier/pkg/upload/uploadtest"
)

// The edges of the PDF search: names cut by the inflating chunks, short
// names in pixels, and the tricks that would take text for stream data.
func TestCheckPDFEdges(t *testing.T) {
	page := pageObjects("")
	padded := func(n int, tail string) []byte {
		return append(bytes.Repeat([]byte{' '}, n), tail...)
	}
	tests := []struct {
		name string
		pdf  []byte
		want string // "" when accepted
	}{
		{"/JavaScript cut by the first chunk's end", pdfOf("", append(page,
			streamObj("/Filter /FlateDecode ", deflate(padded(64<<10-4, "/JavaScript (x)"))))...), wantActive},
		{"a long name cut by the chunk's end", pdfOf("", append(page,
			streamObj("/Filter /FlateDecode ", deflate(padded(64<<10-40, "/#4A#61#76#61#53#63#72#69#70#74 (x)"))))...), wantActive},
		{"/JS in the raw bytes of a JPEG image", pdfOf("", append(page,
			streamObj("/Subtype /Image /Filter /DCTDecode ", []byte("\xff\xd8\xff/JS /AA /EF\xff\xd9")))...), ""},
		{"/JS in a Flate image", pdfOf("", append(page,
			streamObj("/Subtype /Image /Filter /FlateDecode ", deflate([]byte("/JS /AA"))))...), ""},
		{"/JavaScript in a Flate image", pdfOf("", append(page,
			streamObj("/Subtype /Image /Filter /FlateDecode ", deflate([]byte("/JavaScript"))))...), wantActive},
		{"/JS in an object stream that says it is an image", pdfOf("", append(page,
			streamObj("/Type /ObjStm /Subtype /Image /Filter /FlateDecode ", deflate([]byte("<< /JS (x) >>"))))...), wantActive},
		{"zlib data under no declared filter", pdfOf("", append(page,
			streamObj("", deflate([]byte("<< /S /Launch >>"))))...), wantActive},
		{"/Encrypt after a string that says stream", pdfOf("/Info << /Title (a stream\n) >> /Encrypt << /V 2 >> ", page...), wantLocked},
		{"/JavaScript in the text", simplePDF("/Title (/JavaScript) "), wantActive},
		{"/JavaScript in a comment", pdfOf("", append(page, "<< >> % /JavaScript")...), wantActive},
		{"a stream keyword that is a word", simplePDF("/Title (downstream\n/AA) "), wantActive},
		// Files made to be slow: each must be refused in linear time.
		{"a hundred thousand streams and no endstream", append(append([]byte("%PDF-1.7\n"),
			bytes.Repeat([]byte(" stream\n"), 100_001)...), "%%EOF"...), wantComplx},
		{"ten thousand tiny zlib streams", append(append([]byte("%PDF-1.7\n"),
			bytes.Repeat(append([]byte(" stream\n"), deflate([]byte("x"))...), 15_000)...), "%%EOF"...), wantComplx},
		{"two million links nested in each other", pdfOf("", append(page,
			"<< /A << /S /URI /URI "+strings.Repeat("(/URI", 2_000_000)+" >> >>")...), wantActive},
		{"an object stream of a hundred thousand objects at one offset", pdfOf("", append(page,
			streamObj("/Type /ObjStm /N 100000 /First 400000 /Filter /FlateDecode ",
				deflate([]byte(strings.Repeat("8 0 ", 100_000)+"["+strings.Repeat("(x)", 2_000_000)))))...), wantComplx},
		{"an /OpenAction to an object defined a million times", pdfOf("", append(pageObjects("/OpenAction 7 0 R "),
			"<< >> "+strings.Repeat(" 7 0 obj (", 1_000_000))...), wantComplx},
		{"spaces between stream and its end of line", bytes.Replace(uploadtest.WithObjStm("", []string{"FlateDecode", "FlateDecode"},
			"<< /S /JavaScript >>"), []byte("stream\n"), []byte("stream  \t\n"), -1), wantActive},
		{"junk between stream and its end of line", bytes.Replace(uploadtest.WithObjStm("", []string{"FlateDecode", "FlateDecode"},
			"<< /S /JavaScript >>"), []byte(">>\nstream\n"), []byte(">>\nstream junk\r\n"), -1), wantActive},
		{"%%EOF followed by a few bytes", append(simplePDF(""), "\r\n\x00\x00"...), ""},
		{"an /OpenAction to a page", simplePDF("/OpenAction [3 0 R /XYZ null null 0] "), ""},
		{"a link to a web page", simplePDF("/Outlines << /A << /S /URI /URI (https://www.exemple.fr/js/) >> >> "), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Check("releve.pdf", tt.pdf, Policy{})
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			assertRefused(t, f, err, tt.want)
		})
	}
}

func TestDecodeName(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"JavaScript", "JavaScript"},
		{"J#61vaScript", "JavaScript"},
		{"#4A#53", "JS"},
		{"A#2", "A#2"},
		{"A#zz", "A#zz"},
		{"#", "#"},
		{"Name#20With#20Spaces", "Name With Spaces"},
	}
	for _, tt := range tests {
		if got := string(decodeName([]byte(tt.raw))); got != tt.want {
			t.Errorf("decodeName(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

// TestCheckPDFSamples sends the hostile and the ordinary PDFs of
// uploadtest: each hostile one refused with its message, whatever the
// filters, object streams and escapes it hides behind; the others kept.
func TestCheckPDFSamples(t *testing.T) {
	for _, s := range append(uploadtest.Hostile(), uploadtest.Benign()...) {
		t.Run(s.Name, func(t *testing.T) {
			f, err := Check("releve.pdf", s.Data, Policy{})
			if s.Want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			assertRefused(t, f, err, s.Want)
		})
	}
}
