package sepa

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// handler receives a message's elements, by their path under the
// message's root ("OrgnlPmtInfAndSts/TxInfAndSts/TxSts"), and builds its
// returns; it fails with a *ReturnError.
type handler interface {
	start(path string, line int, attrs []xml.Attr) error
	end(path, text string, line int, attrs []xml.Attr) error
	finish(line int) error
	returns() []Return
}

// frame is one open element: its name, where it starts, its attributes
// and its text so far.
type frame struct {
	name  string
	line  int
	attrs []xml.Attr
	text  []byte
	inner bool // has child elements: its text is layout, not a value
}

// walker streams a return file through encoding/xml, keeping the open
// elements and the line of each, within the bounds of ParseReturns.
type walker struct {
	d     *xml.Decoder
	stack []frame
	path  []string // the path under the message's root
	done  bool     // the Document element is closed
}

func newWalker(r io.Reader) *walker {
	d := xml.NewDecoder(r)
	d.CharsetReader = charsetReader
	return &walker{d: d}
}

// line is the line the decoder is at, where the next token starts.
func (w *walker) line() int {
	l, _ := w.d.InputPos()
	return l
}

// fail refuses the file at a line.
func fail(line int, format string, args ...any) error {
	return &ReturnError{Line: line, Message: fmt.Sprintf(format, args...)}
}

// next returns the next token that matters, with the line it starts on:
// comments and processing instructions are skipped, a DOCTYPE refused,
// decoding errors turned into a *ReturnError.
func (w *walker) next() (xml.Token, int, error) {
	for {
		line := w.line()
		tok, err := w.d.Token()
		if err != nil {
			return nil, line, w.decodeError(err, line)
		}
		switch t := tok.(type) {
		case xml.Comment, xml.ProcInst:
			continue
		case xml.Directive:
			return nil, line, fail(line, "déclaration «\u00a0<!%s\u00a0» refusée dans un fichier de retours.", clip(string(t), 20))
		case xml.CharData:
			if len(w.stack) == 0 && len(strings.TrimSpace(string(t))) > 0 {
				return nil, line, fail(line, "texte hors de l’élément Document.")
			}
		}
		return tok, line, nil
	}
}

// decodeError turns what the decoder or the reader says into a French
// refusal with its line.
func (w *walker) decodeError(err error, line int) error {
	var syn *xml.SyntaxError
	switch {
	case errors.Is(err, io.EOF):
		if w.done {
			return io.EOF
		}
		return fail(max(line, 1), "le fichier ne contient aucun élément Document.")
	case errors.As(err, &syn):
		return fail(max(syn.Line, 1), "XML mal formé (%s).", syn.Msg)
	case errors.Is(err, errTooBig):
		return fail(max(w.line(), 1), "fichier trop volumineux (plus de %d Mio).", MaxReturnFileBytes>>20)
	case errors.Is(err, errCharset):
		return fail(max(line, 1), "encodage non pris en charge (UTF-8 ou ISO-8859-1 attendu).")
	}
	return fail(max(line, 1), "lecture impossible (%s).", err.Error())
}

// root reads up to the message's root element, the first child of
// Document, checks the message version, and returns its name.
func (w *walker) root() (string, int, error) {
	for {
		tok, line, err := w.next()
		if err != nil {
			return "", line, err
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			if _, isEnd := tok.(xml.EndElement); isEnd && len(w.stack) == 1 {
				return "", line, fail(line, "l’élément Document est vide.")
			}
			continue
		}
		if len(w.stack) == 0 && start.Name.Local != "Document" {
			return "", line, fail(line, "élément racine «\u00a0%s\u00a0»\u00a0: attendu Document (ISO 20022).", clip(start.Name.Local, 40))
		}
		w.push(start, line)
		if len(w.stack) < 2 {
			continue
		}
		name := start.Name.Local
		if want, ok := namespaces[name]; ok {
			if ns := w.stack[0].attrNS(); ns != "" && ns != want {
				return "", line, fail(w.stack[0].line, "message %s non pris en charge\u00a0: attendu %s.", clip(versionOf(ns), 60), versionOf(want))
			}
		}
		return clip(name, 40), line, nil
	}
}

// attrNS is the namespace of the Document element.
func (f frame) attrNS() string {
	for _, a := range f.attrs {
		if a.Name.Local == "Document-ns" {
			return a.Value
		}
	}
	return ""
}

// push opens an element; the Document's namespace is kept as a
// pseudo-attribute, the only one the messages need besides Ccy.
func (w *walker) push(start xml.StartElement, line int) {
	var attrs []xml.Attr
	for _, a := range start.Attr {
		if a.Name.Local == "Ccy" {
			attrs = append(attrs, a)
		}
	}
	if len(w.stack) == 0 {
		attrs = append(attrs, xml.Attr{Name: xml.Name{Local: "Document-ns"}, Value: start.Name.Space})
	}
	if n := len(w.stack); n > 0 {
		w.stack[n-1].inner, w.stack[n-1].text = true, nil
	}
	w.stack = append(w.stack, frame{name: start.Name.Local, line: line, attrs: attrs})
	if len(w.stack) > 2 {
		w.path = append(w.path, start.Name.Local)
	}
}

// walk streams the rest of the file into h, after root.
func (w *walker) walk(h handler) error {
	for {
		tok, line, err := w.next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if w.done {
				return fail(line, "contenu après la fin du document.")
			}
			if len(w.stack) >= maxDepth {
				return fail(line, "imbrication trop profonde (plus de %d niveaux).", maxDepth)
			}
			w.push(t, line)
			if len(w.stack) > 2 {
				if err := h.start(strings.Join(w.path, "/"), line, w.stack[len(w.stack)-1].attrs); err != nil {
					return err
				}
			}
		case xml.CharData:
			if top := w.top(); top != nil && !top.inner {
				if len(top.text)+len(t) > maxText {
					return fail(line, "texte trop long dans l’élément %s (plus de %d octets).", clip(top.name, 40), maxText)
				}
				top.text = append(top.text, t...)
			}
		case xml.EndElement:
			if err := w.pop(h, line); err != nil {
				return err
			}
		}
	}
}

// top is the innermost open element, nil outside Document.
func (w *walker) top() *frame {
	if len(w.stack) == 0 {
		return nil
	}
	return &w.stack[len(w.stack)-1]
}

// pop closes the innermost element and hands it to h.
func (w *walker) pop(h handler, line int) error {
	top := w.stack[len(w.stack)-1]
	w.stack = w.stack[:len(w.stack)-1]
	switch len(w.stack) {
	case 0:
		w.done = true
		return nil
	case 1:
		return h.finish(top.line)
	}
	path := strings.Join(w.path, "/")
	w.path = w.path[:len(w.path)-1]
	return h.end(path, strings.TrimSpace(string(top.text)), top.line, top.attrs)
}

// clip shortens what the file says before it goes into a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// errCharset refuses an encoding other than UTF-8 and ISO-8859-1.
var errCharset = errors.New("encodage non pris en charge")

// charsetReader reads ISO-8859-1, which some banks still declare, as UTF-8.
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "iso-8859-1", "iso8859-1", "latin1", "latin-1":
		return &latin1Reader{r: bufio.NewReader(in)}, nil
	}
	return nil, errCharset
}

// latin1Reader turns ISO-8859-1 bytes into UTF-8.
type latin1Reader struct {
	r       *bufio.Reader
	pending []byte
}

func (l *latin1Reader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.pending) > 0 {
			c := copy(p[n:], l.pending)
			l.pending, n = l.pending[c:], n+c
			continue
		}
		b, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		l.pending = utf8.AppendRune(l.pending[:0], rune(b))
	}
	return n, nil
}
