package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/document"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// Evidence is what a signature's evidence records, as stored (JSON) and
// printed (the evidence file, the last page of each signed document).
type Evidence struct {
	Reference string    `json:"reference"`
	Contract  string    `json:"contract"`
	UID       string    `json:"uid"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	SignedAt  time.Time `json:"signedAt"`
	IP        string    `json:"ip"`
	UserAgent string    `json:"userAgent"`
	// Documents are the documents read, by title, with their SHA-256 as
	// they were shown, and the stored document each names.
	Documents []EvidenceDocument `json:"documents"`
	CodeTo    string             `json:"codeTo"`
	CodeSent  time.Time          `json:"codeSent"`
	CodeTyped time.Time          `json:"codeTyped"`
	Attempts  int                `json:"attempts"`
	Ticked    []string           `json:"ticked"`
	// Signed are an amendment's signed documents as stored, by id and
	// SHA-256: the versions it shows were made at the signature and never
	// stored (no PDF is read before an amendment's signature), so, like
	// the contract's mandate as filled in, they are proved by the signed
	// versions, whose last page prints their hashes. Empty for a contract,
	// whose documents read are stored.
	Signed []EvidenceDocument `json:"signed,omitempty"`
}

// EvidenceDocument is one document the signer accepted.
type EvidenceDocument struct {
	ID     string `json:"id"`
	Title  string `json:"title"`
	SHA256 string `json:"sha256"`
}

func (e *Evidence) forDocument() document.Evidence {
	d := document.Evidence{Reference: e.Reference, Contract: e.Contract, Signer: document.Signer{Name: e.Name, Email: e.Email, AccountID: e.UID},
		SignedAt: e.SignedAt, IP: e.IP, UserAgent: e.UserAgent, Ticked: e.Ticked,
		Code: document.CodeCheck{Channel: "e-mail", To: e.CodeTo, SentAt: e.CodeSent, TypedAt: e.CodeTyped, Attempts: e.Attempts}}
	for _, doc := range e.Documents {
		d.Documents = append(d.Documents, document.SignedDocument{Title: doc.Title, SHA256: doc.SHA256})
	}
	return d
}

// newEvidence starts the evidence of a signature of c by actor with
// code k typed at now from client, under reference ref: the signer is
// the policyholder by their legal name, never the account's display
// name; the account is named by its id. The caller adds the documents
// read and the boxes ticked.
func newEvidence(ref string, c *Contract, actor account.Actor, k *code, client Client, now time.Time) *Evidence {
	return &Evidence{Reference: ref, Contract: c.Number, UID: actor.UID, Name: c.Holder.Name, Email: actor.Email, SignedAt: now,
		IP: client.IP, UserAgent: client.UserAgent, CodeTo: k.sentTo, CodeSent: k.sentAt, CodeTyped: now, Attempts: k.attempts + 1}
}

// signedPDF ends d with the signature's page of dev and seals it.
func (s *Service) signedPDF(ctx context.Context, d *document.Doc, kind string, dev document.Evidence, at time.Time) (pdf, error) {
	if err := d.AddSignaturePage(dev); err != nil {
		return pdf{}, err
	}
	return s.seal(ctx, d, kind, true, at)
}

// spendCode deletes contract id's code k once it signed: a second
// request with the same code finds none.
func spendCode(ctx context.Context, tx *store.Tx, id string, k *code) error {
	res, err := tx.ExecContext(ctx, "DELETE FROM signature_codes WHERE contract_id = ? AND code_hash = ?", id, k.hash)
	if err != nil {
		return fmt.Errorf("code de signature: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return apperr.Errorf(apperr.ECONFLICT, "Ce code a déjà servi\u00a0: rechargez la page.")
	}
	return nil
}

// tickText is what each box the signer ticks says.
func tickText(d Document) string {
	return "J’ai lu et j’accepte le document «\u00a0" + d.Title + "\u00a0»."
}

const sepaTick = "J’autorise le prélèvement SEPA des cotisations sur le compte indiqué, selon le mandat et l’échéancier présentés."

// Sign signs a contract with the code received by e-mail: the mandate
// and its schedule are made, the documents read are issued again signed
// with the summary of the evidence and sealed, and the contract is
// covered: « Actif », or provisionally for ProvisionalDays while staff
// check the supporting documents.
func (s *Service) Sign(ctx context.Context, actor account.Actor, id string, sg Signing) (*Contract, error) {
	c, k, rum, err := s.checkSignature(ctx, actor, id, &sg)
	if err != nil {
		return nil, s.fail("signature", err, "uid", actor.UID, "id", id)
	}
	now := s.now()
	c.SignedAt = &now
	if s.temporary(c) && c.StartDate == day(now, s.loc).Format(layout) {
		// Asked to start today: the cover runs from the next full hour,
		// as the documents signed now say.
		c.Risk.StartHour = nextHour(now, s.loc)
	}
	if len(c.Proofs) > 0 {
		start, _ := time.Parse(layout, c.StartDate)
		c.ProvisionalUntil = start.AddDate(0, 0, ProvisionalDays-1).Format(layout)
	}
	ev := newEvidence(EvidencePrefix+"-"+c.Number, c, actor, k, sg.Client, now)
	for _, d := range c.Documents {
		ev.Documents = append(ev.Documents, EvidenceDocument{ID: d.ID, Title: d.Title, SHA256: d.SHA256})
		ev.Ticked = append(ev.Ticked, tickText(d))
	}
	ev.Ticked = append(ev.Ticked, sepaTick)
	m := &Mandate{RUM: rum, Holder: sg.Holder, iban: sg.IBAN, bic: sg.BIC, SignedAt: now}
	debits, err := schedule(c)
	if err != nil {
		return nil, s.fail("signature", err, "id", id)
	}
	docs, err := s.signedDocs(ctx, c, ev, m, debits, now)
	if err != nil {
		return nil, s.fail("signature", err, "id", id)
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		return s.saveSignature(ctx, tx, actor, c, k, ev, m, debits, docs, now)
	})
	if err != nil {
		return nil, s.fail("signature", err, "uid", actor.UID, "id", id)
	}
	s.log.Info("contrat signé", "number", c.Number, "uid", actor.UID, "status", c.Status)
	return s.Get(ctx, actor, id)
}

// checkSignature checks everything before the documents are made: the
// contract, its documents read, the mandate's account, the ticks and the
// code (a wrong code spends a try, committed). It gives the mandate's
// reference.
func (s *Service) checkSignature(ctx context.Context, actor account.Actor, id string, sg *Signing) (*Contract, *code, string, error) {
	if err := s.ensureDrafts(ctx, id); err != nil {
		return nil, nil, "", err
	}
	var c *Contract
	var k *code
	var rum string
	var refused error
	err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		if c, err = s.signable(ctx, tx, actor, id); err != nil {
			return err
		}
		if c.Documents, err = listDocuments(ctx, tx, id); err != nil {
			return err
		}
		if c.Proofs, err = listProofs(ctx, tx, c); err != nil {
			return err
		}
		if len(c.Documents) == 0 {
			return apperr.Errorf(apperr.EUNAVAILABLE, "Vos documents sont en préparation\u00a0: réessayez dans un instant.")
		}
		if err := checkSigning(sg, c.Documents); err != nil {
			return err
		}
		var ok bool
		if k, ok, err = checkCode(ctx, tx, id, id, sg.Code, s.now()); !ok {
			refused = err // the try is spent: commit it, then refuse
			return nil
		}
		rum, err = nextMandate(ctx, tx)
		return err
	})
	if err == nil {
		err = refused
	}
	return c, k, rum, err
}

// signedDocs makes the signed versions (advice, conditions, mandate),
// each ending with the signature's page, the evidence file, and the Mémo
// of a vehicle; every one sealed.
func (s *Service) signedDocs(ctx context.Context, c *Contract, ev *Evidence, m *Mandate, debits []Debit, at time.Time) ([]pdf, error) {
	mandate, err := s.papers.Renderer.Mandate(s.mandateInput(c, m, debits, at))
	if err != nil {
		return nil, err
	}
	shown, err := mandate.PDF()
	if err != nil {
		return nil, err
	}
	// The mandate the signer filled in is what they authorised: its hash
	// joins the documents read.
	ev.Documents = append(ev.Documents, EvidenceDocument{Title: mandate.Title(), SHA256: document.Digest(shown)})
	dev := ev.forDocument()
	var out []pdf
	for _, kind := range []string{DocAdvice, DocConditions, DocMandate} {
		var d *document.Doc
		if kind == DocMandate {
			d, err = s.papers.Renderer.Mandate(s.mandateInput(c, m, debits, at))
		} else {
			d, err = s.compose(c, kind, at)
		}
		if err != nil {
			return nil, err
		}
		p, err := s.signedPDF(ctx, d, kind, dev, at)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	d, err := s.papers.Renderer.EvidenceFile(dev)
	if err != nil {
		return nil, err
	}
	p, err := s.seal(ctx, d, DocEvidence, true, at)
	if err != nil {
		return nil, err
	}
	return append(out, p), nil
}

func (s *Service) mandateInput(c *Contract, m *Mandate, debits []Debit, at time.Time) document.MandateInput {
	in := document.MandateInput{RUM: m.RUM, Contract: c.Number, Issued: at, Creditor: s.papers.Creditor, Debtor: s.person(c),
		IBAN: m.iban, BIC: m.bic, SignedAt: at}
	in.Debtor.Name = m.Holder
	for _, d := range debits {
		day, _ := time.Parse(layout, d.Date)
		in.Schedule = append(in.Schedule, document.Debit{Date: day, Cents: d.AmountCents})
	}
	return in
}

// saveSignature stores the signature once the documents are made: the
// code is spent (a second request with the same code finds none), the
// evidence, mandate, schedule and documents are stored, the contract is
// covered, and the client is told.
func (s *Service) saveSignature(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, k *code, ev *Evidence,
	m *Mandate, debits []Debit, docs []pdf, now time.Time) error {
	if err := spendCode(ctx, tx, c.ID, k); err != nil {
		return err
	}
	current, err := findContract(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	if current.Status != StatusPending || !current.UpdatedAt.Equal(c.UpdatedAt) {
		return apperr.Errorf(apperr.ECONFLICT, "Ce contrat a changé pendant la signature\u00a0: rechargez la page.")
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO signatures (contract_id, evidence, sha256, signed_at) VALUES (?, ?, ?, ?)",
		c.ID, string(body), blob.Sum(body), store.FormatTime(now)); err != nil {
		return fmt.Errorf("preuve de signature: %w", err)
	}
	if err := insertMandate(ctx, tx, c.ID, m); err != nil {
		return err
	}
	if err := insertDebits(ctx, tx, c.ID, debits); err != nil {
		return err
	}
	if err := insertPeriod(ctx, tx, c.ID, s.firstPeriod(c)); err != nil {
		return err
	}
	if _, err := storeDocs(ctx, tx, c.ID, docs, now); err != nil {
		return err
	}
	to := StatusActive
	if c.ProvisionalUntil != "" {
		to = StatusAwaiting
	}
	if err := s.moveTo(ctx, tx, c, to, now); err != nil {
		return err
	}
	if err := s.issueMemo(ctx, tx, c, now); err != nil {
		return err
	}
	detail := "Signé électroniquement (code envoyé à " + maskEmail(k.sentTo) + "), mandat SEPA " + m.RUM
	if err := s.record(ctx, tx, actor, c, "signed", detail, now); err != nil {
		return err
	}
	p := s.payload(c, "")
	for _, d := range docs {
		if !slices.Contains(p.Documents, d.title) {
			p.Documents = append(p.Documents, d.title)
		}
	}
	if c.ProvisionalUntil != "" && !s.temporary(c) {
		p.Date, _ = time.ParseInLocation(layout, c.ProvisionalUntil, s.loc)
	}
	if p.Attachments, err = attachments(ctx, tx, c, signedMailKinds); err != nil {
		return err
	}
	p.NoWithdrawal = !s.withdrawable(c)
	return event.Record(ctx, tx, event.ContractSigned, event.ContractAggregate(c.ID), p, now)
}

// VerifyEvidence checks a signature's evidence against what is stored:
// the evidence itself by its SHA-256, each document read by its own, and
// the broker's seal on every document issued. Any byte changed fails.
func (s *Service) VerifyEvidence(ctx context.Context, actor account.Actor, id string) error {
	if err := actor.RequireReader(); err != nil {
		return err
	}
	_, cert, err := s.sealer(ctx)
	if err != nil {
		return err
	}
	return s.db.ReadTx(ctx, func(tx *store.Tx) error {
		var body, sum string
		err := tx.QueryRowContext(ctx, "SELECT evidence, sha256 FROM signatures WHERE contract_id = ?", id).Scan(&body, &sum)
		if err != nil {
			return apperr.Errorf(apperr.ENOTFOUND, "Ce contrat n’a pas de preuve de signature.")
		}
		if blob.Sum([]byte(body)) != sum {
			return apperr.Errorf(apperr.ECONFLICT, "La preuve de signature a été modifiée après la signature.")
		}
		var ev Evidence
		if err := json.Unmarshal([]byte(body), &ev); err != nil {
			return fmt.Errorf("preuve de signature illisible: %w", err)
		}
		docs, err := listDocuments(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, d := range docs {
			f, err := blob.Get(ctx, tx, d.SHA256)
			if err != nil {
				return err
			}
			if blob.Sum(f.Data) != d.SHA256 {
				return apperr.Errorf(apperr.ECONFLICT, "Le document « %s » a été modifié après son émission.", d.Title)
			}
			if err := document.Verify(f.Data, cert); err != nil {
				return apperr.Errorf(apperr.ECONFLICT, "Le sceau du document « %s » ne se vérifie pas\u00a0: %v", d.Title, err)
			}
		}
		for _, e := range ev.Documents {
			if e.ID == "" {
				continue // the mandate as filled in: its signed version carries its hash
			}
			if !slices.ContainsFunc(docs, func(d Document) bool { return d.ID == e.ID && d.SHA256 == e.SHA256 }) {
				return apperr.Errorf(apperr.ECONFLICT, "Le document « %s » lu avant la signature a changé.", e.Title)
			}
		}
		return verifyAmendments(ctx, tx, id, ev.Contract, docs)
	})
}

// verifyAmendments checks the evidence of every signed amendment of
// contract id (number n) as the contract's: the evidence by its SHA-256
// and its reference (an evidence moved from another amendment keeps its
// hash, not its number), and each signed document it names, found among
// docs with the same hash (their bytes and seals are checked with the
// contract's).
func verifyAmendments(ctx context.Context, tx *store.Tx, id, number string, docs []Document) error {
	rows, err := tx.QueryContext(ctx, `SELECT n, COALESCE(evidence, ''), COALESCE(evidence_sha256, '') FROM amendments
		WHERE contract_id = ? AND status = 'signed' ORDER BY n`, id)
	if err != nil {
		return fmt.Errorf("avenants du contrat: %w", err)
	}
	type signed struct {
		n         int
		body, sum string
	}
	var list []signed
	for rows.Next() {
		var a signed
		if err := rows.Scan(&a.n, &a.body, &a.sum); err != nil {
			rows.Close()
			return fmt.Errorf("avenants du contrat: %w", err)
		}
		list = append(list, a)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("avenants du contrat: %w", err)
	}
	for _, a := range list {
		tampered := apperr.Errorf(apperr.ECONFLICT, "La preuve de signature de l’avenant n°\u00a0%d a été modifiée après la signature.", a.n)
		if a.sum == "" || blob.Sum([]byte(a.body)) != a.sum {
			return tampered
		}
		var ev Evidence
		if err := json.Unmarshal([]byte(a.body), &ev); err != nil || ev.Reference != fmt.Sprintf("%s-%s-A%d", EvidencePrefix, number, a.n) {
			return tampered
		}
		if len(ev.Signed) == 0 {
			return apperr.Errorf(apperr.ECONFLICT, "La preuve de signature de l’avenant n°\u00a0%d ne nomme aucun document signé.", a.n)
		}
		for _, e := range ev.Signed {
			if !slices.ContainsFunc(docs, func(d Document) bool { return d.ID == e.ID && d.SHA256 == e.SHA256 }) {
				return apperr.Errorf(apperr.ECONFLICT, "Le document «\u00a0%s\u00a0» signé à l’avenant n°\u00a0%d est introuvable ou a changé.", e.Title, a.n)
			}
		}
	}
	return nil
}
