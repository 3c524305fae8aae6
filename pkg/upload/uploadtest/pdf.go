// Package uploadtest builds the PDFs that tests send to pkg/upload and to
// the upload endpoints: hostile ones that must be refused, and ordinary
// ones that must pass. Each file is made in code, so a test says exactly
// what it holds.
package uploadtest

import (
	"bytes"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/hex"
	"fmt"
	"strings"
)

// The French messages a refused PDF comes back with.
const (
	Active  = "Ce PDF contient du contenu actif (JavaScript ou pièce jointe)\u00a0: envoyez une version simple, sans script."
	Locked  = "Ce PDF est protégé par un mot de passe ou chiffré\u00a0: envoyez une version sans protection."
	Complex = "Ce PDF est trop complexe pour être vérifié\u00a0: envoyez une version simple, par exemple en l’imprimant en PDF."
)

// PDF builds a PDF of the given objects (numbered from 1, object 1 the
// catalog) with a correct cross-reference table; trailer is added to
// the trailer dictionary.
func PDF(trailer string, objects ...string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, trailer, xref)
	return b.Bytes()
}

// Page returns the objects of a one-page PDF that writes a line of text,
// with catalog added to its catalog (an /OpenAction…).
func Page(catalog string) []string {
	content := "BT /F1 12 Tf 72 720 Td (Permis de conduire) Tj ET"
	return []string{
		"<< /Type /Catalog /Pages 2 0 R " + catalog + ">>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		Stream("/Filter /FlateDecode ", Flate([]byte(content))),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
}

// Stream writes a stream object's dictionary entries and data.
func Stream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s/Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

// Filters encodes data with the named filters, so that a reader
// decoding them in the order given gets data back, and returns the
// /Filter entry that says so.
func Filters(data []byte, names ...string) (string, []byte) {
	for i := len(names) - 1; i >= 0; i-- {
		switch names[i] {
		case "FlateDecode":
			data = Flate(data)
		case "ASCIIHexDecode":
			data = append([]byte(hex.EncodeToString(data)), '>')
		case "ASCII85Decode":
			out := make([]byte, ascii85.MaxEncodedLen(len(data)))
			data = append(out[:ascii85.Encode(out, data)], "~>"...)
		case "RunLengthDecode":
			data = RunLength(data)
		case "LZWDecode":
			data = LZW(data, true)
		default:
			panic("uploadtest: no encoder for " + names[i])
		}
	}
	return "/Filter [/" + strings.Join(names, " /") + "] ", data
}

// Flate compresses b with zlib, as /FlateDecode reads it.
func Flate(b []byte) []byte {
	var out bytes.Buffer
	w := zlib.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// RunLength encodes b for /RunLengthDecode: runs of three or more equal
// bytes as repeats, the rest as literals.
func RunLength(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		n := 1
		for i+n < len(b) && b[i+n] == b[i] && n < 128 {
			n++
		}
		if n >= 3 {
			out = append(out, byte(257-n), b[i])
			i += n
			continue
		}
		j := i
		for j < len(b) && j-i < 128 && (j+2 >= len(b) || b[j] != b[j+1] || b[j] != b[j+2]) {
			j++
		}
		out = append(out, byte(j-i-1))
		out = append(out, b[i:j]...)
		i = j
	}
	return append(out, 128)
}

// LZW encodes b for /LZWDecode; early says codes widen one code early,
// as /EarlyChange 1 (the default) has it. It follows the encoder of
// compress/lzw, which is the one of /EarlyChange 0.
func LZW(b []byte, early bool) []byte {
	const clearCode, eod, last = 256, 257, 4000
	var out []byte
	var acc uint64
	var bits uint
	width, hi, overflow := uint(9), eod, 512
	shift := 0
	if early {
		shift = 1
	}
	put := func(code int) {
		acc = acc<<width | uint64(code)
		bits += width
		for bits >= 8 {
			out = append(out, byte(acc>>(bits-8)))
			bits -= 8
		}
	}
	// next counts the code put, and reports whether the table still
	// takes an entry.
	next := func() bool {
		hi++
		if hi == overflow-shift && width < 12 {
			width++
			overflow <<= 1
		}
		if hi < last {
			return true
		}
		put(clearCode)
		width, hi, overflow = 9, eod, 512
		return false
	}
	table := map[string]int{}
	put(clearCode)
	w := ""
	for _, c := range b {
		wc := w + string([]byte{c})
		if _, ok := table[wc]; ok || w == "" {
			w = wc
			continue
		}
		put(code(table, w))
		if next() {
			table[wc] = hi
		} else {
			clear(table)
		}
		w = string([]byte{c})
	}
	if w != "" {
		put(code(table, w))
		next()
	}
	put(eod)
	if bits > 0 {
		out = append(out, byte(acc<<(8-bits)))
	}
	return out
}

func code(table map[string]int, w string) int {
	if len(w) == 1 {
		return int(w[0])
	}
	return table[w]
}
