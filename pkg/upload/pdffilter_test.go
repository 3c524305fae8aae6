package upload

import (
	"bytes"
	"compress/lzw"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"courtier/pkg/upload/uploadtest"
)

// text is n bytes of words, long enough for LZW codes to widen and the
// table to be cleared.
func text(n int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	words := []string{"assuré ", "bonus ", "0,50 ", "sinistre ", "/Type ", "<< ", ">> ", "\n", "\x00\xff"}
	var b bytes.Buffer
	for b.Len() < n {
		b.WriteString(words[rng.IntN(len(words))])
		if rng.IntN(7) == 0 {
			b.WriteByte(byte(rng.IntN(256)))
		}
	}
	return b.Bytes()[:n]
}

// decodeAll undoes filters over data, as checkPDF does.
func decodeAll(t *testing.T, data []byte, filters []string, parms []object) []byte {
	t.Helper()
	d := decoder{budget: 1 << 30}
	r, err := d.open(data, filters, parms)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// The decoders give back what the encoders of uploadtest (and, for LZW
// without early change, compress/lzw) wrote, alone and in chains.
func TestDecoders(t *testing.T) {
	all := []string{"FlateDecode", "ASCIIHexDecode", "ASCII85Decode", "LZWDecode", "RunLengthDecode"}
	for _, n := range []int{0, 1, 5, 300, 70_000} {
		want := text(n)
		for _, chain := range append([][]string{all, {"FlateDecode", "FlateDecode"}}, one(all)...) {
			t.Run(fmt.Sprint(n, chain), func(t *testing.T) {
				_, data := uploadtest.Filters(want, chain...)
				if got := decodeAll(t, data, chain, nil); !bytes.Equal(got, want) {
					t.Fatalf("got %d bytes, want %d", len(got), len(want))
				}
			})
		}
		t.Run(fmt.Sprint(n, " LZW without early change"), func(t *testing.T) {
			var b bytes.Buffer
			w := lzw.NewWriter(&b, lzw.MSB, 8)
			w.Write(want)
			w.Close()
			late := object{kind: kDict, items: []object{{kind: kName, text: []byte("EarlyChange")}, {kind: kNumber, text: []byte("0")}}}
			if got := decodeAll(t, b.Bytes(), []string{"LZWDecode"}, []object{late}); !bytes.Equal(got, want) {
				t.Fatalf("got %d bytes, want %d", len(got), len(want))
			}
		})
	}
}

func one(names []string) [][]string {
	var out [][]string
	for _, n := range names {
		out = append(out, []string{n})
	}
	return out
}

func TestDecodersStop(t *testing.T) {
	tests := []struct {
		name    string
		filters []string
		data    string
		want    string
		err     error
	}{
		{"hex up to its end", []string{"ASCIIHexDecode"}, "2f 4a\n53>2F", "/JS", nil},
		{"hex of an odd count", []string{"ASCIIHexDecode"}, "2f4>", "/@", nil},
		{"hex with junk", []string{"ASCIIHexDecode"}, "2f4g>", "", errUndecodable},
		{"ASCII85 with z and a short group", []string{"ASCII85Decode"}, "z 9jqo~>", "\x00\x00\x00\x00Man", nil},
		{"ASCII85 with junk", []string{"ASCII85Decode"}, "9jqo^{~>", "", errUndecodable},
		{"run-length up to its end", []string{"RunLengthDecode"}, "\x02abc\xfdz\x80more", "abczzzz", nil},
		{"Flate cut short", []string{"FlateDecode"}, string(uploadtest.Flate([]byte("abc"))[:4]), "", nil},
		{"raw deflate", []string{"FlateDecode"}, string(uploadtest.Flate([]byte("/JS"))[2:]), "/JS", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := decoder{budget: 1 << 20}
			r, _ := d.open([]byte(tt.data), tt.filters, nil)
			got, err := io.ReadAll(r)
			if !errors.Is(err, tt.err) && !(tt.err == nil && ended(err) == nil) {
				t.Fatalf("err %v, want %v", err, tt.err)
			}
			if tt.err == nil && tt.want != "" && string(got) != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWebLink(t *testing.T) {
	tests := []struct {
		uri  string
		want bool
	}{
		{"https://www.exemple.fr/", true},
		{"HTTP://exemple.fr", true},
		{"mailto:contact@exemple.fr", true},
		{"\xfe\xff\x00h\x00t\x00t\x00p\x00:\x00/\x00/\x00x", true},
		{"javascript:app.alert(1)", false},
		{" javascript:x", false},
		{"java\tscript:x", false},
		{"ht\ttp://x", false},
		{"file:///etc/passwd", false},
		{"data:text/html,x", false},
		{"www.exemple.fr", false},
		{"\xfe\xff\x00j\x00s\x00:", false},
	}
	for _, tt := range tests {
		if got := webLink([]byte(tt.uri)); got != tt.want {
			t.Errorf("webLink(%q) = %v, want %v", tt.uri, got, tt.want)
		}
	}
}

func TestLiteral(t *testing.T) {
	tests := []struct{ raw, want string }{
		{`(javascript:)`, "javascript:"},
		{`(\152ava\163cript:)`, "javascript:"},
		{"(java\\\nscript:)", "javascript:"},
		{"(java\\\r\nscript:)", "javascript:"},
		{`(a(b)c\)\(\\)`, `a(b)c)(\`},
		{`(\j\0a\101)`, "j\x00aA"},
		{"(a\r\nb)", "a\nb"},
	}
	for _, tt := range tests {
		l := lexer{b: []byte(tt.raw), last: true}
		if got := l.next(); got.kind != kString || string(got.text) != tt.want || got.cut {
			t.Errorf("%q: got %q (kind %d, cut %v), want %q", tt.raw, got.text, got.kind, got.cut, tt.want)
		}
	}
}
