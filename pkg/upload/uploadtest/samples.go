package uploadtest

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"slices"
	"strings"
)

// Sample is a PDF a test sends and what must come of it.
type Sample struct {
	Name string
	Data []byte
	// Want is the message the PDF is refused with, "" when it passes.
	Want string
}

// ObjStm writes an object stream holding objs, numbered from first,
// encoded with filters (none when empty) the way producers pack the
// dictionaries of a file.
func ObjStm(first int, filters []string, objs ...string) string {
	nums := make([]int, len(objs))
	for i := range nums {
		nums[i] = first + i
	}
	return objStm(nums, filters, objs)
}

// objStm writes an object stream holding objs, numbered nums.
func objStm(nums []int, filters []string, objs []string) string {
	var head, body strings.Builder
	for i, o := range objs {
		fmt.Fprintf(&head, "%d %d ", nums[i], body.Len())
		body.WriteString(o + "\n")
	}
	data := []byte(head.String() + body.String())
	entry := ""
	if len(filters) > 0 {
		entry, data = Filters(data, filters...)
	}
	return Stream(fmt.Sprintf("/Type /ObjStm /N %d /First %d %s", len(objs), head.Len(), entry), data)
}

// Packed is the one-page PDF that modern producers write: its catalog
// (with the entries catalog) and objs, numbered from 7, in an object
// stream (object 6) encoded with filters, found through a
// cross-reference stream. Readers open it as they would any file.
func Packed(catalog string, filters []string, objs ...string) []byte {
	page := Page(catalog)
	nums := []int{1}
	for i := range objs {
		nums = append(nums, 7+i)
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	offsets := map[int]int{}
	write := func(num int, o string) {
		offsets[num] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", num, o)
	}
	for i, o := range page[1:] {
		write(2+i, o)
	}
	write(6, objStm(nums, filters, append([]string{page[0]}, objs...)))
	xref := 7 + len(objs)
	offsets[xref] = b.Len()
	var table []byte
	for n := 0; n <= xref; n++ {
		switch at, raw := offsets[n]; {
		case n == 0:
			table = append(table, 0, 0, 0, 0, 0, 0xff, 0xff)
		case raw:
			table = append(table, 1, byte(at>>24), byte(at>>16), byte(at>>8), byte(at), 0, 0)
		default:
			i := slices.Index(nums, n)
			table = append(table, 2, 0, 0, 0, 6, 0, byte(i))
		}
	}
	data := Flate(table)
	fmt.Fprintf(&b, "%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length %d >>\nstream\n%s\nendstream\nendobj\n",
		xref, xref+1, len(data), data)
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", offsets[xref])
	return b.Bytes()
}

// WithObjStm is the one-page PDF whose catalog has the entries catalog
// and whose objects 7 and on are objs, in an object stream encoded with
// filters.
func WithObjStm(catalog string, filters []string, objs ...string) []byte {
	return PDF("", append(Page(catalog), ObjStm(7, filters, objs...))...)
}

// WithStream is the one-page PDF with one more stream: data, encoded
// with filters, after the dictionary entries dict.
func WithStream(dict string, data []byte, filters ...string) []byte {
	entry, encoded := Filters(data, filters...)
	return PDF("", append(Page(""), Stream(dict+entry, encoded))...)
}

// Link is an annotation whose action opens uri, written as given
// (a literal string in parentheses or a hexadecimal one).
func Link(uri string) string {
	return "<< /Type /Annot /Subtype /Link /Rect [72 700 200 720] /A << /S /URI /URI " + uri + " >> >>"
}

// hexText writes s as a PDF hexadecimal string.
func hexText(s string) string { return fmt.Sprintf("<%x>", s) }

var twice = []string{"FlateDecode", "FlateDecode"}

// Hostile returns the PDFs that must be refused, each with its message.
func Hostile() []Sample {
	js := "<< /S /JavaScript /JS (app.alert\\(1\\)) >>"
	return []Sample{
		{"the catalog in an object stream under two Flate layers, with /Names/JavaScript and an /OpenAction",
			Packed("/Names << /JavaScript 8 0 R >> /OpenAction 7 0 R ", twice, js, "<< /Names [(a) 7 0 R] >>"), Active},
		{"the catalog in an object stream under two Flate layers, its /OpenAction a script",
			Packed("/OpenAction "+js+" ", twice), Active},
		{"/JavaScript under three Flate layers", WithObjStm("", []string{"FlateDecode", "FlateDecode", "FlateDecode"}, js), Active},
		{"/JavaScript under ASCII85, Flate and hex", WithObjStm("", []string{"ASCII85Decode", "FlateDecode", "ASCIIHexDecode"}, js), Active},
		{"/Launch under LZW", WithObjStm("", []string{"LZWDecode"}, "<< /S /Launch /F (calc.exe) >>"), Active},
		{"/AA under run-length and Flate", WithObjStm("", []string{"RunLengthDecode", "FlateDecode"}, "<< /Type /Page /AA << /O 9 0 R >> >>"), Active},
		{"/Java#53cript under two Flate layers", WithObjStm("", twice, "<< /S /Java#53cript /J#53 (x) >>"), Active},
		{"filter names hex-escaped", PDF("", append(Page(""),
			strings.Replace(ObjStm(7, twice, js), "/FlateDecode /FlateDecode", "/Flate#44ecode /#46lateDecode", 1))...), Active},
		{"short filter names", PDF("", append(Page(""),
			strings.Replace(ObjStm(7, []string{"FlateDecode", "ASCIIHexDecode"}, js), "/FlateDecode /ASCIIHexDecode", "/Fl /AHx", 1))...), Active},
		{"/JS in a hex content stream", WithStream("", []byte("/JS (x)"), "ASCIIHexDecode"), Active},
		{"an embedded file under two Flate layers", WithObjStm("", twice, "<< /Type /EmbeddedFile /Length 3 >>"), Active},
		{"an attachment list under two Flate layers", WithObjStm("", twice, "<< /EmbeddedFiles << /Names [(a.exe) 8 0 R] >> >>"), Active},
		{"an XFA form under two Flate layers", WithObjStm("/AcroForm 7 0 R ", twice, "<< /Fields [] /XFA 8 0 R >>"), Active},
		{"/Encrypt under two Flate layers", WithObjStm("", twice, "<< /Encrypt << /V 2 >> >>"), Locked},
		{"a javascript: link", PDF("", append(Page(""), Link("(javascript:app.alert\\(1\\))"))...), Active},
		{"a JavaScript: link in capitals", PDF("", append(Page(""), Link("(JavaScript:app.alert(1))"))...), Active},
		{"a javascript: link in a hexadecimal string", PDF("", append(Page(""), Link(hexText("javascript:app.alert(1)")))...), Active},
		{"a javascript: link in octal escapes", PDF("", append(Page(""), Link("(\\152\\141vascript:app.alert\\(1\\))"))...), Active},
		{"a javascript: link cut by a line continuation", PDF("", append(Page(""), Link("(java\\\nscript:x)"))...), Active},
		{"a javascript: link under two Flate layers", WithObjStm("", twice, Link("(javascript:x)")), Active},
		{"a file: link", PDF("", append(Page(""), Link("(file:///C:/Windows/System32/calc.exe)"))...), Active},
		{"a link held in another object", PDF("", append(Page(""), Link("9 0 R"))...), Active},
		{"an /OpenAction that opens a web page", PDF("", Page("/OpenAction << /S /URI /URI (https://exemple.fr) >> ")...), Active},
		{"an /OpenAction that prints", Packed("/OpenAction 7 0 R ", twice, "<< /S /Named /N /Print >>"), Active},
		{"an /OpenAction that goes to a page, then elsewhere", PDF("", Page("/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next 9 0 R >> ")...), Active},
		{"an object stream under an unknown filter", PDF("", append(Page(""),
			strings.Replace(ObjStm(7, nil, "<< >>"), "/Type /ObjStm", "/Type /ObjStm /Filter /SecretDecode", 1))...), Complex},
		{"an object stream under a filter of images", PDF("", append(Page(""),
			strings.Replace(ObjStm(7, nil, "<< >>"), "/Type /ObjStm", "/Type /ObjStm /Filter /DCTDecode", 1))...), Complex},
		{"a stream under a filter of no one", WithStream("/Filter /SecretDecode ", []byte("x")), Complex},
		{"a bomb under three Flate layers", bomb(), Complex},
		{"thirty Flate layers", WithObjStm("", repeat("FlateDecode", 30), "<< >>"), Complex},
	}
}

// Benign returns ordinary PDFs that must pass.
func Benign() []Sample {
	return []Sample{
		{"a one-page PDF", PDF("", Page("")...), ""},
		{"links to web pages and an address", PDF("", append(Page(""), Link("(http://exemple.fr)"), Link("(HTTPS://www.exemple.fr/js/?q=javascript:)"),
			Link(hexText("mailto:sinistres@exemple.fr")))...), ""},
		{"an /OpenAction to a page", PDF("", Page("/OpenAction [3 0 R /FitH 842] ")...), ""},
		{"an /OpenAction that goes to a page", PDF("", Page("/OpenAction << /S /GoTo /D [3 0 R /Fit] >> ")...), ""},
		{"an /OpenAction to a page in an object stream", Packed("/OpenAction 7 0 R ", twice, "[3 0 R /Fit]"), ""},
		{"an object stream under one Flate layer", Packed("/Outlines 7 0 R ", []string{"FlateDecode"}, "<< /Count 0 >>"), ""},
		{"an object stream under two Flate layers", Packed("/Outlines 7 0 R ", twice, "<< /Count 0 >>", Link("(https://exemple.fr)")), ""},
		{"text under every filter", WithStream("", []byte("BT /F1 12 Tf (Relevé) Tj ET"),
			"ASCII85Decode", "ASCIIHexDecode", "LZWDecode", "RunLengthDecode", "FlateDecode"), ""},
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// bomb is an object stream that inflates to 64 Mo of spaces through
// three Flate layers, a few hundred bytes in the file.
func bomb() []byte {
	var inner bytes.Buffer
	w, _ := zlib.NewWriterLevel(&inner, zlib.BestCompression)
	spaces := bytes.Repeat([]byte{' '}, 1<<20)
	for range 64 {
		w.Write(spaces)
	}
	w.Close()
	data := Flate(Flate(inner.Bytes()))
	return PDF("", append(Page(""), Stream("/Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode /FlateDecode] ", data))...)
}
