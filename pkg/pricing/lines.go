package pricing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// locator maps the key paths of a JSON document to their line numbers,
// so that an error in the rating file names the line a broker must edit.
// A path is written as in JavaScript: products.car.factors.zone,
// insurers[0].products.
type locator struct {
	name  string
	lines map[string]int
	// newlines holds the offset of every '\n' of the document.
	newlines []int
}

// newLocator walks data with json.Decoder.Token and records the line of
// every key (and of every element of an array). data must be valid JSON.
func newLocator(name string, data []byte) (*locator, error) {
	l := &locator{name: name, lines: map[string]int{}}
	for i, b := range data {
		if b == '\n' {
			l.newlines = append(l.newlines, i)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := l.walk(dec, ""); err != nil {
		return nil, err
	}
	return l, nil
}

// walk reads one value at path and records its keys.
func (l *locator) walk(dec *json.Decoder, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch delim {
	case '{':
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return err
			}
			child := joinPath(path, key.(string))
			l.lines[child] = l.lineAt(int(dec.InputOffset()))
			if err := l.walk(dec, child); err != nil {
				return err
			}
		}
	case '[':
		for i := 0; dec.More(); i++ {
			child := path + "[" + strconv.Itoa(i) + "]"
			// The offset before the element is the end of the previous
			// token: skip to the element's own line.
			l.lines[child] = l.lineAt(int(dec.InputOffset()) + l.skipSpace(dec))
			if err := l.walk(dec, child); err != nil {
				return err
			}
		}
	}
	_, err = dec.Token() // the closing delimiter
	return err
}

// skipSpace counts the separators and blanks before the decoder's next value.
func (l *locator) skipSpace(dec *json.Decoder) int {
	buf, _ := io.ReadAll(io.LimitReader(dec.Buffered(), 256))
	return len(buf) - len(bytes.TrimLeft(buf, " \t\r\n,"))
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// lineAt returns the 1-based line of a byte offset.
func (l *locator) lineAt(offset int) int {
	return sort.SearchInts(l.newlines, offset) + 1
}

// line returns the line of path, or of its nearest recorded parent (the
// object where a missing key should be), 1 for the document itself.
func (l *locator) line(path string) int {
	for path != "" {
		if n, ok := l.lines[path]; ok {
			return n
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return 1
}

// errorf builds the French error of the rating file at path:
// « rates.json ligne 142 : … ».
func (l *locator) errorf(path, format string, args ...any) error {
	return &FileError{File: l.name, Line: l.line(path), Path: path, Message: fmt.Sprintf(format, args...)}
}

// FileError is a rating file or catalogue refused at load: the line and
// the key path of the fault, and a French message.
type FileError struct {
	File    string
	Line    int
	Path    string
	Message string
}

func (e *FileError) Error() string {
	return e.File + " ligne " + strconv.Itoa(e.Line) + "\u00a0: " + e.Message
}

// syntaxError turns a JSON decoding error into a FileError with its line.
func syntaxError(name string, data []byte, err error) error {
	l := &locator{name: name}
	for i, b := range data {
		if b == '\n' {
			l.newlines = append(l.newlines, i)
		}
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return &FileError{File: name, Line: l.lineAt(int(syn.Offset)), Message: "JSON invalide (" + syn.Error() + ")"}
	case errors.As(err, &typ):
		return &FileError{File: name, Line: l.lineAt(int(typ.Offset)), Path: typ.Field,
			Message: fmt.Sprintf("la clé «\u00a0%s\u00a0» doit être de type %s", typ.Field, frenchType(typ.Type.Kind().String()))}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return &FileError{File: name, Line: len(l.newlines) + 1, Message: "JSON incomplet"}
	}
	return &FileError{File: name, Line: 1, Message: "JSON illisible (" + err.Error() + ")"}
}

func frenchType(kind string) string {
	switch kind {
	case "string":
		return "texte"
	case "int", "int64", "float64":
		return "nombre"
	case "bool":
		return "booléen (true ou false)"
	case "slice":
		return "liste"
	case "map", "struct", "ptr":
		return "objet"
	}
	return kind
}
