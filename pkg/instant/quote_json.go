package instant

import (
	"encoding/json"
	"strconv"
	"sync"
	"time"

	"courtier/pkg/pricing"
)

// savedJSON is a new quote's JSON as its row keeps it: encoded once, for
// the row and for the answer to the visitor who priced.
type savedJSON struct {
	result         string
	answers, needs []byte
}

// resultBuffers are the buffers results are encoded in before their
// string is made: one allocation of the result's size a pricing, where a
// growing buffer took three.
var resultBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}

// encodeQuote encodes q's result, answers and needs.
func encodeQuote(q *Quote) (*savedJSON, error) {
	answers, err := json.Marshal(q.Answers)
	if err != nil {
		return nil, err
	}
	needs, err := json.Marshal(q.Needs)
	if err != nil {
		return nil, err
	}
	buf := resultBuffers.Get().(*[]byte)
	*buf = q.Result.AppendJSON((*buf)[:0])
	saved := &savedJSON{result: string(*buf), answers: answers, needs: needs}
	resultBuffers.Put(buf)
	return saved, nil
}

// AppendJSON appends q's JSON to dst, byte for byte what encoding/json
// writes for it, and returns the extended buffer. A quote just priced
// copies the result it saved instead of encoding it again.
func (q *Quote) AppendJSON(dst []byte) ([]byte, error) {
	saved := q.saved
	if saved == nil {
		var err error
		if saved, err = encodeQuote(q); err != nil {
			return nil, err
		}
	}
	dst = append(dst, `{"id":`...)
	dst = pricing.AppendJSONString(dst, q.ID)
	// The result's fields are the quote's, as encoding/json writes an
	// embedded struct: its braces dropped.
	if q.Result != nil {
		if fields := saved.result[1 : len(saved.result)-1]; len(fields) > 0 {
			dst = append(dst, ',')
			dst = append(dst, fields...)
		}
	}
	dst = append(dst, `,"answers":`...)
	dst = append(dst, saved.answers...)
	dst = append(dst, `,"needs":`...)
	dst = append(dst, saved.needs...)
	dst = append(dst, `,"createdAt":`...)
	dst, err := appendJSONTime(dst, q.CreatedAt)
	if err != nil {
		return nil, err
	}
	if q.KeptAt != nil {
		dst = append(dst, `,"keptAt":`...)
		if dst, err = appendJSONTime(dst, *q.KeptAt); err != nil {
			return nil, err
		}
	}
	dst = append(dst, `,"consent":`...)
	dst = strconv.AppendBool(dst, q.Consent)
	for _, f := range [...]struct{ name, value string }{{`,"chosen":`, q.Chosen}, {`,"ref":`, q.Ref}, {`,"email":`, q.Email}} {
		if f.value != "" {
			dst = append(dst, f.name...)
			dst = pricing.AppendJSONString(dst, f.value)
		}
	}
	return append(dst, '}'), nil
}

// appendJSONTime appends t as encoding/json writes it (RFC 3339, its
// nanoseconds without trailing zeros).
func appendJSONTime(dst []byte, t time.Time) ([]byte, error) {
	dst = append(dst, '"')
	dst, err := t.AppendText(dst)
	if err != nil {
		return nil, err
	}
	return append(dst, '"'), nil
}
