package document

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Digest is the SHA-256 of a document, in hexadecimal: what the evidence
// records of each document the client signed.
func Digest(pdf []byte) string {
	sum := sha256.Sum256(pdf)
	return hex.EncodeToString(sum[:])
}

// Signer is who signed: the account that accepted the documents.
type Signer struct {
	Name, Email, AccountID string
}

// SignedDocument is one document the signer accepted, as it was shown.
type SignedDocument struct {
	Title  string
	SHA256 string // Digest of the PDF shown to the signer
}

// CodeCheck is the one-time code that proved the signer holds the address.
type CodeCheck struct {
	Channel  string // « e-mail », « SMS »
	To       string // the full address; the documents show it masked
	SentAt   time.Time
	TypedAt  time.Time
	Attempts int
}

// Evidence is the electronic signature's evidence: who signed, when, from
// where, what and how the code checked it was them.
type Evidence struct {
	Reference string // the signature's reference, « SIG-2026-000042 »
	Contract  string
	Signer    Signer
	SignedAt  time.Time
	IP        string
	UserAgent string
	Documents []SignedDocument
	Code      CodeCheck
	Ticked    []string // the statements the signer ticked, in their words
}

func (e Evidence) check() error {
	if err := required("preuve de signature", "reference", e.Reference, "signer", e.Signer.Name,
		"e-mail", e.Signer.Email, "IP", e.IP); err != nil {
		return err
	}
	if e.SignedAt.IsZero() {
		return fmt.Errorf("document: preuve de signature: signing time is zero")
	}
	if len(e.Documents) == 0 {
		return fmt.Errorf("document: preuve de signature: no document")
	}
	for _, doc := range e.Documents {
		if _, err := hex.DecodeString(doc.SHA256); err != nil || len(doc.SHA256) != 64 {
			return fmt.Errorf("document: preuve de signature: %q: SHA-256 %q is not 64 hexadecimal digits", doc.Title, doc.SHA256)
		}
	}
	return nil
}

// EvidenceFile composes the « Fichier de preuve de signature électronique ».
func (r *Renderer) EvidenceFile(e Evidence) (*Doc, error) {
	if err := e.check(); err != nil {
		return nil, err
	}
	d := r.NewDoc("Fichier de preuve de signature électronique", "Preuve n°"+nbsp+e.Reference, e.SignedAt)
	d.Paragraph(fill(r.texts.Evidence, map[string]string{"courtier": r.broker.Name}))
	d.Section("Le signataire")
	d.Fields(Field{"Nom", e.Signer.Name}, Field{"E-mail", e.Signer.Email},
		Field{"Identifiant du compte", e.Signer.AccountID}, Field{"Contrat", e.Contract})
	d.Section("La signature")
	d.Fields(r.whenWhere(e)...)
	d.Section("Les documents signés")
	rows := make([][]string, len(e.Documents))
	for i, doc := range e.Documents {
		rows[i] = []string{doc.Title, doc.SHA256}
	}
	// 2.4 shares of the width hold the 64 digits of a SHA-256 on one line.
	d.Table([]Column{{Title: "Document", Width: 1}, {Title: "Empreinte SHA-256", Width: 2.4}}, rows)
	d.Section("Le code de confirmation")
	c := e.Code
	d.Fields(Field{"Envoyé par", c.Channel}, Field{"À l’adresse", MaskAddress(c.To)},
		Field{"Envoyé le", r.stamp(c.SentAt)}, Field{"Saisi le", r.stamp(c.TypedAt)},
		Field{"Nombre d’essais", strconv.Itoa(c.Attempts)})
	if len(e.Ticked) > 0 {
		d.Section("Les cases cochées par le signataire")
		for _, t := range e.Ticked {
			if err := d.Check(true, t); err != nil {
				return nil, err
			}
		}
	}
	return d, nil
}

// whenWhere are the signature's time, in UTC and in Paris, and origin.
func (r *Renderer) whenWhere(e Evidence) []Field {
	return []Field{
		{"Référence", e.Reference},
		{"Date et heure (UTC)", e.SignedAt.UTC().Format("2006-01-02 15:04:05") + nbsp + "UTC"},
		{"Date et heure (Paris)", dateTime(e.SignedAt, r.paris)},
		{"Adresse IP", e.IP},
		{"Navigateur (User-Agent)", e.UserAgent},
	}
}

// stamp is a moment to the second in Paris time, with its UTC offset.
func (r *Renderer) stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return dateTime(t, r.paris) + " (UTC" + t.In(r.paris).Format("-07:00") + ")"
}

// AddSignaturePage ends the document with a « Signature électronique » page
// that sums up e: who signed, when, from where, and the SHA-256 of the
// version shown to the signer, found in e.Documents under this document's
// title. Render and hash the document first, record the hash in the
// evidence, then compose it again and add this page: the signed version.
func (d *Doc) AddSignaturePage(e Evidence) error {
	if err := e.check(); err != nil {
		return err
	}
	var digests []string
	for _, doc := range e.Documents {
		if doc.Title == d.title {
			digests = append(digests, doc.SHA256)
		}
	}
	if len(digests) != 1 {
		return fmt.Errorf("document: %s: %d entries of this title in the evidence, want 1", d.title, len(digests))
	}
	r := d.r
	d.PageBreak()
	d.Section("Signature électronique")
	d.Paragraph(fill(r.texts.SignaturePage, map[string]string{"nom": e.Signer.Name,
		"date": dateTime(e.SignedAt, r.paris), "preuve": e.Reference}))
	d.Fields(append([]Field{{"Signataire", e.Signer.Name + " (" + e.Signer.Email + ")"},
		{"Document", d.title + " – " + d.reference},
		{"Code de confirmation", strings.TrimSpace(e.Code.Channel + " " + MaskAddress(e.Code.To))}},
		r.whenWhere(e)...)...)
	// The digest on a line of its own: 64 digits do not fit a value column.
	d.Note("Empreinte SHA-256 de la version présentée au signataire :")
	d.Strong(digests[0])
	return nil
}
