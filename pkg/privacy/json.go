package privacy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"courtier/pkg/account"
	"courtier/pkg/chat"
)

// The export is laid out byte for byte as json.MarshalIndent(v, "", "  ")
// lays out {account fields…, "quoteRequests": […], …, "chatConversations": […]}:
// the document downloaded before it was streamed, which people's scripts
// may read. Each conversation and message is indented at its depth.
const (
	convIndent = "    "     // a conversation, in chatConversations
	msgIndent  = "        " // a message, in a conversation's messages
)

// part is one more section of the export, written after the account's
// fields: its key and its value.
type part struct {
	key   string
	value any
}

// head is the export up to the opening of chatConversations: the fields
// of the account's export, whatever they are, then the parts in order.
func head(data *account.Export, parts ...part) ([]byte, error) {
	acc, err := json.MarshalIndent(data, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("export du compte: %w", err)
	}
	if !bytes.HasSuffix(acc, []byte("\n}")) {
		return nil, errors.New("export du compte: pas un objet JSON")
	}
	out := acc[:len(acc)-2]
	for _, p := range parts {
		v, err := json.MarshalIndent(p.value, "  ", "  ")
		if err != nil {
			return nil, fmt.Errorf("export (%s): %w", p.key, err)
		}
		out = append(append(out, ",\n  \""+p.key+"\": "...), v...)
	}
	return append(out, ",\n  \"chatConversations\": ["...), nil
}

// writer writes the conversations as chat.ExportUser hands them over,
// one message at a time, through a buffer; its first error stops it.
type writer struct {
	w     *bufio.Writer
	convs int
	msgs  int
	err   error
	// enc encodes one message into compact, then indented into indented:
	// two buffers reused for every message.
	enc      *json.Encoder
	compact  bytes.Buffer
	indented bytes.Buffer
}

func newWriter(w io.Writer) *writer {
	o := &writer{w: bufio.NewWriterSize(w, 32<<10)}
	o.enc = json.NewEncoder(&o.compact)
	return o
}

func (o *writer) raw(b []byte) {
	if o.err == nil {
		_, o.err = o.w.Write(b)
	}
}

func (o *writer) str(s string) {
	if o.err == nil {
		_, o.err = o.w.WriteString(s)
	}
}

// Conversation closes the conversation before, if any, and opens one.
func (o *writer) Conversation(mode chat.Mode) error {
	if o.convs > 0 {
		o.endConversation()
		o.str(",")
	}
	o.convs++
	o.msgs = 0
	o.str("\n" + convIndent + "{\n" + convIndent + `  "mode": `)
	m, err := json.Marshal(mode)
	if err != nil {
		return err
	}
	o.raw(m)
	o.str(",\n" + convIndent + `  "messages": [`)
	return o.err
}

// Message writes one message of the conversation opened last.
func (o *writer) Message(m *chat.Message) error {
	o.compact.Reset()
	o.indented.Reset()
	if err := o.enc.Encode(m); err != nil {
		return fmt.Errorf("message %d: %w", m.ID, err)
	}
	if err := json.Indent(&o.indented, bytes.TrimSuffix(o.compact.Bytes(), []byte("\n")), msgIndent, "  "); err != nil {
		return fmt.Errorf("message %d: %w", m.ID, err)
	}
	if o.msgs > 0 {
		o.str(",")
	}
	o.msgs++
	o.str("\n" + msgIndent)
	o.raw(o.indented.Bytes())
	return o.err
}

func (o *writer) endConversation() {
	if o.msgs > 0 {
		o.str("\n" + convIndent + "  ")
	}
	o.str("]\n" + convIndent + "}")
}

// close ends the document and flushes it.
func (o *writer) close() error {
	if o.convs > 0 {
		o.endConversation()
		o.str("\n  ")
	}
	o.str("]\n}\n")
	if o.err == nil {
		o.err = o.w.Flush()
	}
	return o.err
}
