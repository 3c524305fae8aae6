package mail

import (
	"context"
	"slices"
	"strings"
	"testing"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

func pdf(name string, size int64) event.Attachment {
	return event.Attachment{Name: name, MIME: "application/pdf", SHA256: strings.Repeat(name[:1], 64), Size: size, Path: "/api/contracts/c1/documents/" + name}
}

// TestPack: what a mail carries fits the limit once encoded; the largest
// documents go as links first, the order of the others kept.
func TestPack(t *testing.T) {
	docs := []event.Attachment{pdf("a", 300_000), pdf("b", 900_000), pdf("c", 60_000), pdf("d", 600_000)}
	cases := []struct {
		name           string
		limit          int64
		attached, link string
	}{
		{"all fit", DefaultAttachmentLimit, "a b c d", ""},
		{"the largest goes", encoded(300_000) + encoded(60_000) + encoded(600_000), "a c d", "b"},
		{"the two largest go", encoded(300_000) + encoded(60_000) + encoded(600_000) - 1, "a c", "b d"},
		{"none fits", 1, "", "a b c d"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := &Mailer{attachLimit: tc.limit}
			attached, linked := m.pack(docs)
			join := func(l []event.Attachment) string {
				var s []string
				for _, a := range l {
					s = append(s, a.Name)
				}
				return strings.Join(s, " ")
			}
			if join(attached) != tc.attached || join(linked) != tc.link {
				t.Errorf("attached %q, linked %q; want %q, %q", join(attached), join(linked), tc.attached, tc.link)
			}
		})
	}
	// base64 by lines of 76: 57 bytes make one line of 76 and its CRLF.
	if encoded(57) != 78 || encoded(0) != 0 || encoded(58) != 84 {
		t.Errorf("encoded 57 → %d, 58 → %d", encoded(57), encoded(58))
	}
}

// TestOutboxKeepsReferences: the outbox row names the documents by hash
// and size, with no bytes; the mail's text lists them.
func TestOutboxKeepsReferences(t *testing.T) {
	f := newFixture(t)
	p := contractSample("Actif", "", 0, func(p *event.ContractPayload) {
		p.Attachments = []event.Attachment{pdf("memo.pdf", 52_224)}
	})
	f.record(t, event.ContractActivated, event.ContractAggregate("c1"), p)
	f.dispatch(t)
	m := f.all(t)[0]
	want := []Attachment{{Name: "memo.pdf", MIME: "application/pdf", SHA256: strings.Repeat("m", 64), Size: 52_224}}
	if !slices.Equal(m.Attachments, want) {
		t.Errorf("attachments %+v, want %+v", m.Attachments, want)
	}
	if !strings.Contains(strings.Join(strings.Fields(m.Text), " "), "Joints à ce message, à conserver : memo.pdf (51 Ko).") {
		t.Errorf("text:\n%s", m.Text)
	}
	var size int
	err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT length(text_body) + length(html_body) FROM mails").Scan(&size)
	})
	if err != nil || size > 20_000 {
		t.Errorf("the outbox row weighs %d (%v)", size, err)
	}
}
