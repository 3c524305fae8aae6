package contract_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/mail"
	"courtier/pkg/mail/mailtest"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// part is a leaf of a MIME message: its type, its file name, its bytes.
type part struct {
	mime, name string
	data       []byte
}

// parts walks a MIME entity down to its leaves, decoded.
func parts(t *testing.T, header map[string][]string, body io.Reader) []part {
	t.Helper()
	h := netmail.Header(header)
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		t.Fatalf("Content-Type %q: %v", h.Get("Content-Type"), err)
	}
	if strings.HasPrefix(mt, "multipart/") {
		var out []part
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err == io.EOF {
				return out
			}
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, parts(t, p.Header, p)...)
		}
	}
	data, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "quoted-printable") {
		if data, err = io.ReadAll(quotedprintable.NewReader(bytes.NewReader(data))); err != nil {
			t.Fatal(err)
		}
	}
	if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "base64") {
		if data, err = base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(data)), "")); err != nil {
			t.Fatal(err)
		}
	}
	_, dp, _ := mime.ParseMediaType(h.Get("Content-Disposition"))
	return []part{{mime: mt, name: dp["filename"], data: data}}
}

// pdfsigValid tells whether poppler finds data's seal valid.
func pdfsigValid(t *testing.T, data []byte) bool {
	t.Helper()
	path := filepath.Join(t.TempDir(), "attachment.pdf") // pdfsig seeks: no pipe
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command("pdfsig", "-nocert", path).CombinedOutput()
	return regexp.MustCompile(`Signature Validation: Signature is Valid`).Match(out)
}

// mailFixture is an App that sends its mails to a real SMTP server on
// loopback, with limit as the attachments' bound.
func mailFixture(t *testing.T, limit int64) (*fixture, *mailtest.Server) {
	t.Helper()
	srv := mailtest.Start(t, mailtest.Options{MaxBytes: 20 << 20})
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}},
		Mail:    app.MailConfig{SMTP: &mail.Server{Host: srv.Host, Port: srv.Port, Timeout: 5 * time.Second}, AttachmentLimit: limit}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	f := &fixture{app: a, clock: clock, ctx: context.Background()}
	f.marie = account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password, DisplayName: "Marie Durand"}, clock.Now()))
	f.agent = account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr", Password: password, DisplayName: "Alain Agent", Role: account.RoleAgent}, clock.Now()))
	return f, srv
}

// deliver hands the events to the mail consumer and the mails to the server.
func (f *fixture) deliver(t *testing.T) {
	t.Helper()
	for {
		n, err := f.app.Events.Dispatch(f.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	for {
		n, err := f.app.Sender.SendDue(f.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// signedMail is the « contrat signé » mail the server accepted, in parts.
func signedMail(t *testing.T, srv *mailtest.Server, number string) (text string, pdfs []part) {
	t.Helper()
	return mailAbout(t, srv, "Votre contrat "+number+" est signé")
}

// mailAbout is the mail of subject the server accepted, in parts.
func mailAbout(t *testing.T, srv *mailtest.Server, subject string) (text string, pdfs []part) {
	t.Helper()
	for _, m := range srv.Accepted() {
		msg, err := netmail.ReadMessage(bytes.NewReader(m.Data))
		if err != nil {
			t.Fatal(err)
		}
		if dec, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); dec != subject {
			continue
		}
		for _, p := range parts(t, msg.Header, msg.Body) {
			switch p.mime {
			case "text/plain":
				text = string(p.data)
			case "application/pdf":
				pdfs = append(pdfs, p)
			}
		}
		return text, pdfs
	}
	t.Fatalf("no mail « %s » among %d", subject, len(srv.Accepted()))
	return "", nil
}

// The signature mail carries the signed documents, each a PDF whose seal
// poppler verifies, the same bytes as stored; the attestation of a home
// comes with them.
func TestSignedMailCarriesTheDocuments(t *testing.T) {
	f, srv := mailFixture(t, 0)
	c, err := f.subscribe(t, "home", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	f.deliver(t)
	text, pdfs := signedMail(t, srv, c.Number)
	want := []string{"conditions-particulieres", "fiche-conseil", "fiche-ipid", "mandat-sepa", "lettre-de-renonciation", "fichier-de-preuve", "attestation-assurance"}
	if len(pdfs) != len(want) {
		t.Fatalf("%d PDFs attached, want %d:\n%s", len(pdfs), len(want), text)
	}
	for i, p := range pdfs {
		if p.name != want[i]+"-"+c.Number+".pdf" {
			t.Errorf("attachment %d is %q, want %s", i, p.name, want[i])
		}
		if !bytes.HasPrefix(p.data, []byte("%PDF-")) || len(p.data) < 1000 || !pdfsigValid(t, p.data) {
			t.Errorf("%s: %d bytes, not a sealed PDF", p.name, len(p.data))
		}
	}
	if !strings.Contains(text, "Joints à ce message, à conserver") ||
		strings.Contains(text, "Trop volumineux") {
		t.Errorf("text:\n%s", text)
	}
	if !strings.Contains(pdfText(t, pdfs[0].data), "Signature électronique") {
		t.Error("the conditions attached are not the signed ones")
	}
	att := doc(t, c, "attestation", false)
	stored, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", att.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stored.Data, pdfs[6].data) {
		t.Error("the attestation attached differs from the one stored")
	}
	// Sent, the outbox no longer holds the documents: erasure may take them.
	var n int
	if err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT count(*) FROM mail_attachments").Scan(&n)
	}); err != nil || n != 0 {
		t.Errorf("%d attachment rows left after sending (%v)", n, err)
	}
}

// Beyond the limit the largest documents go as links, and the mail says
// so; the rest stays attached.
func TestSignedMailOverTheLimit(t *testing.T) {
	f, srv := mailFixture(t, 1)
	c, err := f.subscribe(t, "car", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	f.deliver(t)
	text, pdfs := signedMail(t, srv, c.Number)
	if len(pdfs) != 0 {
		t.Errorf("%d PDFs attached under a limit of 1 byte", len(pdfs))
	}
	flat := strings.Join(strings.Fields(text), " ")
	if !strings.Contains(flat, "Trop volumineux pour ce message, ces documents sont à télécharger depuis votre espace") ||
		!strings.Contains(flat, "memo-vehicule-assure-"+c.Number+".pdf (http://127.0.0.1:8080/api/contracts/") || !strings.Contains(flat, "/api/contracts/"+c.ID+"/documents/") {
		t.Errorf("text:\n%s", text)
	}

	// Half the sizes: some go, the largest first, the others stay.
	g, srv2 := mailFixture(t, 0)
	c2, err := g.subscribe(t, "car", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c2 = g.sign(t, c2)
	g.deliver(t)
	_, all := signedMail(t, srv2, c2.Number)
	var total, largest int
	for _, p := range all {
		total += len(p.data)
		largest = max(largest, len(p.data))
	}
	h, srv3 := mailFixture(t, int64(total-largest/2)*4/3)
	c3, err := h.subscribe(t, "car", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c3 = h.sign(t, c3)
	h.deliver(t)
	text3, some := signedMail(t, srv3, c3.Number)
	if len(some) != len(all)-1 || !strings.Contains(text3, "Trop volumineux") {
		t.Errorf("%d of %d attached:\n%s", len(some), len(all), text3)
	}
}

// A document gone when the mail is sent leaves the mail whole: it goes
// without it.
func TestSignedMailWithoutAMissingDocument(t *testing.T) {
	f, srv := mailFixture(t, 0)
	c, err := f.subscribe(t, "temp", "2026-03-02")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	for {
		n, err := f.app.Events.Dispatch(f.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	gone := doc(t, c, "ipid", false).SHA256
	if err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(f.ctx, "DELETE FROM contract_documents WHERE sha256 = ?", gone); err != nil {
			return err
		}
		_, err := tx.ExecContext(f.ctx, "DELETE FROM files WHERE sha256 = ?", gone)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	f.deliver(t)
	text, pdfs := signedMail(t, srv, c.Number)
	var names []string
	for _, p := range pdfs {
		names = append(names, strings.TrimSuffix(p.name, "-"+c.Number+".pdf"))
	}
	// A 7-day contract: no withdrawal letter; its attestation comes along.
	if strings.Join(names, " ") != "conditions-particulieres fiche-conseil mandat-sepa fichier-de-preuve attestation-assurance" {
		t.Errorf("attached %v", names)
	}
	if !strings.Contains(strings.Join(strings.Fields(text), " "), "n’ouvre pas de délai de rétractation") {
		t.Errorf("text:\n%s", text)
	}
}

// The notice « votre contrat est actif », when the last supporting
// document is accepted, carries the Mémo issued for the year.
func TestActiveMailCarriesTheMemo(t *testing.T) {
	f, srv := mailFixture(t, 0)
	c, err := f.subscribe(t, "car", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	f.clock.Advance(time.Hour)
	for _, k := range contract.ProofKinds("car") {
		contracttest.SendProof(t, f.app, f.marie, c.ID, k)
		if c, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, k, contract.Review{Accept: true}); err != nil {
			t.Fatal(err)
		}
	}
	f.deliver(t)
	text, pdfs := mailAbout(t, srv, "Votre contrat "+c.Number+" est actif")
	if len(pdfs) != 1 || pdfs[0].name != "memo-vehicule-assure-"+c.Number+".pdf" || !pdfsigValid(t, pdfs[0].data) {
		t.Fatalf("attached %d PDFs:\n%s", len(pdfs), text)
	}
	if !strings.Contains(strings.Join(strings.Fields(pdfText(t, pdfs[0].data)), " "), "9 mars 2027") {
		t.Errorf("the Mémo attached is not the year's")
	}
}
