package instant

import (
	"bytes"
	"encoding/json"
	"sync"

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
// writes for it, and returns the extended buffer. The result, nearly all
// of it, is the one Price saved, copied, or else written by
// Result.AppendJSON; the quote's other fields are left to encoding/json
// (a few hundred bytes), so that a field added to Quote needs nothing here.
func (q *Quote) AppendJSON(dst []byte) ([]byte, error) {
	rest := *q
	rest.Result = nil
	tail, err := json.Marshal(&rest)
	if err != nil {
		return nil, err
	}
	// encoding/json writes the fields in their order: the id, the embedded
	// result's, then the others. tail starts with the same id.
	start := len(dst)
	dst = append(dst, `{"id":`...)
	dst = pricing.AppendJSONString(dst, q.ID)
	if !bytes.HasPrefix(tail, dst[start:]) {
		// The id is no longer first: encoding/json writes it all.
		all, err := json.Marshal(q)
		return append(dst[:start], all...), err
	}
	tail = tail[len(dst)-start:]
	if q.Result != nil {
		// The result's fields without its braces (it has "product" at least).
		dst = append(dst, ',')
		if q.saved != nil {
			dst = append(dst, q.saved.result[1:len(q.saved.result)-1]...)
		} else {
			at := len(dst)
			dst = q.Result.AppendJSON(dst)
			dst = append(dst[:at], dst[at+1:len(dst)-1]...)
		}
	}
	return append(dst, tail...), nil
}
