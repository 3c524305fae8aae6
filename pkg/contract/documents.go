package contract

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"courtier/pkg/blob"
	"courtier/pkg/document"
	"courtier/pkg/fr"
	"courtier/pkg/store"
)

// Papers make and seal the PDFs of contracts.
type Papers struct {
	Renderer *document.Renderer
	// Key gives the broker's certificate and key, with which each PDF
	// issued is sealed (PAdES) so that any reader can check it is
	// unchanged; asked once, at the first seal, so that opening the App
	// writes nothing.
	Key func(ctx context.Context) (certPEM, keyPEM []byte, err error)
	// Creditor is the broker as the SEPA mandate names it.
	Creditor document.Creditor
}

// The kinds of documents of a contract.
const (
	DocAdvice     = "advice"
	DocConditions = "conditions"
	DocIPID       = "ipid"
	DocLetter     = "letter"
	DocMandate    = "mandate"
	DocMemo       = "memo"
	DocVTC        = "vtc"
	DocEvidence   = "evidence"
	// DocAmendment is an avenant, signed.
	DocAmendment = "amendment"

	// DocAttestation is the attestation of a home or of a temporary
	// contract (a car's and a motorbike's is the Mémo).
	DocAttestation = "attestation"
)

// pdf is a document made, sealed, ready to store.
type pdf struct {
	kind, title string
	data        []byte
	signed      bool
}

func (s *Service) person(c *Contract) document.Person {
	p := document.Person{Name: c.Holder.Name, Email: c.Holder.Email, Phone: fr.Phone(c.Holder.Phone), Address: c.Holder.Address + ", " + c.Holder.PostalCode + " " + c.Holder.City}
	if d, err := time.Parse(layout, c.Holder.BirthDate); err == nil {
		p.BirthDate = d
	}
	return p
}

func (s *Service) vehicle(c *Contract) document.Vehicle {
	v := c.Risk.Vehicle
	return document.Vehicle{Kind: s.spec(c.Product).VehicleLabel, Make: v.Make, Model: v.Model, Version: v.Version, Registration: v.Registration}
}

func (s *Service) insurerName(c *Contract) string {
	if in, ok := s.tariff().Insurer(c.Insurer); ok {
		return in.LegalName
	}
	return c.Insurer
}

// compose builds the document kind of c as it stands (unsigned).
func (s *Service) compose(c *Contract, kind string, at time.Time) (*document.Doc, error) {
	r := s.papers.Renderer
	start, _ := time.Parse(layout, c.StartDate)
	switch kind {
	case DocAdvice:
		return r.Advice(s.adviceInput(c, at))
	case DocConditions:
		return r.Conditions(s.conditionsInput(c, start, at))
	case DocIPID:
		return r.IPID(s.ipidInput(c, at))
	case DocLetter:
		subscribed := at
		if c.SignedAt != nil {
			subscribed = *c.SignedAt
		}
		return r.WithdrawalLetter(document.LetterInput{Contract: c.Number, Issued: at, Subscribed: subscribed, Insurer: s.insurerName(c), Holder: s.person(c)})
	case DocMemo, DocVTC:
		in := document.MemoInput{Contract: c.Number, Issued: at, Insurer: s.insurerName(c), Holder: s.person(c), Vehicle: s.vehicle(c),
			From: coverStart(c, start), To: coverEnd(c, start)}
		if ins, ok := s.tariff().Insurer(c.Insurer); ok {
			in.InsurerPhone = ins.AssistancePhone
		}
		if kind == DocVTC {
			return r.VTCCertificate(in)
		}
		return r.VehicleMemo(in)
	case DocAttestation:
		return s.attestation(c, at)
	}
	return nil, fmt.Errorf("document inconnu %q", kind)
}

// coverEnd is the last day a Mémo shows: the provisional cover's end
// while the supporting documents are checked, the running year's last
// day otherwise (the day before the first anniversary when c's years
// are not read).
func coverEnd(c *Contract, start time.Time) time.Time {
	if c.ProvisionalUntil != "" {
		if d, err := time.Parse(layout, c.ProvisionalUntil); err == nil {
			return d
		}
	}
	if c.Period != nil {
		if d, err := time.Parse(layout, c.Period.End); err == nil {
			return d
		}
	}
	return addMonths(start, 12).AddDate(0, 0, -1)
}

// coverStart is the first day a Mémo shows: the running year's, the
// start date when c's years are not read.
func coverStart(c *Contract, start time.Time) time.Time {
	if c.Period != nil {
		if d, err := time.Parse(layout, c.Period.Start); err == nil {
			return d
		}
	}
	return start
}

func (s *Service) adviceInput(c *Contract, at time.Time) document.AdviceInput {
	a := c.Risk.Advice
	if a == nil {
		a = &Advice{}
	}
	in := document.AdviceInput{Reference: c.Number, Issued: at, Client: s.person(c), Product: s.tariff().ProductLabel(c.Product),
		Advice: a.Reason, Recommended: a.Recommended, Chosen: a.Chosen}
	for _, n := range a.Needs {
		in.Needs = append(in.Needs, document.Field{Label: n[0], Value: n[1]})
	}
	for _, o := range a.Offers {
		in.Offers = append(in.Offers, document.Offer{Insurer: o.Insurer, Formula: o.Formula, YearlyCents: o.YearlyCents,
			MonthlyCents: o.MonthlyCents, DeductibleCents: o.DeductibleCents, Guarantees: o.Guarantees})
	}
	if in.Recommended < 0 {
		in.Recommended = max(0, in.Chosen)
	}
	if in.Advice == "" {
		in.Advice = "Votre conseiller a étudié votre demande et vous a proposé cette offre, que vous avez retenue."
	}
	return in
}

func (s *Service) conditionsInput(c *Contract, start, at time.Time) document.ConditionsInput {
	in := document.ConditionsInput{Contract: c.Number, Issued: at, Start: start, Insurer: s.insurerName(c), Formula: c.Formula,
		Holder: s.person(c), DeductibleCents: c.DeductibleCents,
		Premium: document.Premium{YearlyCents: c.YearlyCents, TaxesCents: c.TaxesCents, MonthlyCents: c.MonthlyCents, Rhythm: s.rhythmText(c, start)}}
	if s.temporary(c) {
		in.Start, in.End = coverPeriod(c, at, s.loc)
	}
	in.NoWithdrawal = !s.withdrawable(c)
	if c.SignedAt != nil {
		in.Subscribed, in.SignedAt = *c.SignedAt, *c.SignedAt
	}
	if c.Risk.Vehicle != nil {
		v := s.vehicle(c)
		in.Vehicle = &v
	} else {
		d := c.Risk.Dwelling
		if d == nil {
			d = &Dwelling{}
		}
		in.Dwelling = &document.Dwelling{Address: s.person(c).Address, Kind: d.Kind, Status: d.Status, Surface: d.Surface, Rooms: d.Rooms}
	}
	for _, l := range c.Risk.Lines {
		in.Declarations = append(in.Declarations, document.Field{Label: l[0], Value: l[1]})
	}
	for _, d := range c.Risk.Deductibles {
		in.Deductibles = append(in.Deductibles, document.Field{Label: d.Label, Value: document.Euros(d.Cents)})
	}
	for _, g := range c.Guarantees {
		in.Guarantees = append(in.Guarantees, document.Guarantee{Name: g, Detail: guaranteeDeductible(c, g)})
	}
	return in
}

// guaranteeDeductible is the deductible of guarantee g as the offer
// showed it: the price's deductible whose label names g's first word
// (« Vol et incendie » for « Vol et tentative de vol », « Bris de glace »
// for itself), none when no deductible of the price names it. A
// contract from an offer has one deductible, the adviser's.
func guaranteeDeductible(c *Contract, g string) string {
	if len(c.Risk.Deductibles) == 0 {
		if c.Source == "offer" && c.DeductibleCents > 0 {
			return "Franchise de l’offre\u00a0: " + document.Euros(c.DeductibleCents)
		}
		return "Sans franchise"
	}
	if strings.HasPrefix(g, "Catastrophes naturelles") {
		// Its deductible is the State's, the same at every insurer.
		return "Franchise légale fixée par arrêté"
	}
	first, _, _ := strings.Cut(strings.ToLower(g), " ")
	for _, d := range c.Risk.Deductibles {
		if slices.Contains(strings.Fields(strings.ToLower(d.Label)), first) {
			return "Franchise\u00a0: " + document.Euros(d.Cents)
		}
	}
	return "Sans franchise"
}

// rhythmText is « Mensuel, par prélèvement le 5 de chaque mois ».
func (s *Service) rhythmText(c *Contract, start time.Time) string {
	if c.Rhythm == "monthly" {
		return fmt.Sprintf("Mensuel, par prélèvement SEPA le %d de chaque mois", start.Day())
	}
	if s.temporary(c) {
		return "En une fois, par prélèvement SEPA le " + frDate(start)
	}
	return "Annuel, par prélèvement SEPA le " + frDate(start)
}

func (s *Service) ipidInput(c *Contract, at time.Time) document.IPIDInput {
	in := document.IPIDInput{Insurer: s.insurerName(c), Product: s.tariff().ProductLabel(c.Product), Formula: c.Formula, Reference: c.Number, Issued: at}
	sections, _ := s.tariff().IPID(c.Product, c.Risk.FormulaID)
	for _, sec := range sections {
		switch sec.Key {
		case "type":
			in.Type = sec.Lines
		case "covered":
			in.Covered = sec.Lines
		case "notCovered":
			in.NotCovered = sec.Lines
		case "exclusions":
			in.Restrictions = sec.Lines
		case "where":
			in.Where = sec.Lines
		case "obligations":
			in.Obligations = sec.Lines
		case "payment":
			in.Payments = sec.Lines
		case "period":
			in.Period = sec.Lines
		case "cancel":
			in.Cancellation = sec.Lines
		}
	}
	return in
}

// draftKinds are the documents a client reads before signing.
func (s *Service) draftKinds(c *Contract) []string {
	kinds := []string{DocAdvice, DocConditions}
	if c.Risk.FormulaID != "" {
		kinds = append(kinds, DocIPID)
	}
	if !s.withdrawable(c) {
		return kinds // no withdrawal, no letter to withdraw with
	}
	return append(kinds, DocLetter)
}

// sealer is the broker's sealer and certificate, read at the first use.
func (s *Service) sealer(ctx context.Context) (*document.Sealer, []byte, error) {
	s.sealMu.Lock()
	defer s.sealMu.Unlock()
	if s.sealed != nil {
		return s.sealed, s.cert, nil
	}
	cert, key, err := s.papers.Key(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("clé de scellement des documents: %w", err)
	}
	sl, err := document.NewSealer(cert, key)
	if err != nil {
		return nil, nil, fmt.Errorf("clé de scellement des documents: %w", err)
	}
	s.sealed, s.cert = sl, cert
	return sl, cert, nil
}

// seal makes the PDF of d and seals it.
func (s *Service) seal(ctx context.Context, d *document.Doc, kind string, signed bool, at time.Time) (pdf, error) {
	data, err := d.PDF()
	if err != nil {
		return pdf{}, fmt.Errorf("document %s: %w", kind, err)
	}
	reason := "Document émis par le courtier"
	if signed {
		reason = "Document signé électroniquement par le client"
	}
	sealer, _, err := s.sealer(ctx)
	if err != nil {
		return pdf{}, err
	}
	if data, err = sealer.Seal(data, reason, at); err != nil {
		return pdf{}, fmt.Errorf("scellement du document %s: %w", kind, err)
	}
	return pdf{kind: kind, title: d.Title(), data: data, signed: signed}, nil
}

// drafts makes the documents to read of a complete contract.
func (s *Service) drafts(ctx context.Context, c *Contract, at time.Time) ([]pdf, error) {
	return s.made(ctx, c, s.draftKinds(c), at)
}

// made composes and seals c's documents of kinds, unsigned.
func (s *Service) made(ctx context.Context, c *Contract, kinds []string, at time.Time) ([]pdf, error) {
	out := make([]pdf, 0, len(kinds))
	for _, kind := range kinds {
		d, err := s.compose(c, kind, at)
		if err != nil {
			return nil, err
		}
		p, err := s.seal(ctx, d, kind, false, at)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// storeDocs stores the PDFs made for contract id.
func storeDocs(ctx context.Context, tx *store.Tx, id string, docs []pdf, at time.Time) ([]Document, error) {
	var out []Document
	for _, p := range docs {
		sum, err := blob.Put(ctx, tx, "application/pdf", p.data, at)
		if err != nil {
			return nil, err
		}
		d := Document{ID: rand.Text(), Kind: p.kind, Title: p.title, SHA256: sum, IssuedAt: at, Signed: p.signed}
		if err := insertDocument(ctx, tx, id, d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// ensureDrafts issues the documents to read of contract id once it is
// complete and unsigned, if none are: made outside any transaction (a
// PDF takes tens of milliseconds), stored unless another request did it.
func (s *Service) ensureDrafts(ctx context.Context, id string) error {
	var c *Contract
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if c, err = findContract(ctx, tx, id); err != nil {
			return err
		}
		c.Documents, err = listDocuments(ctx, tx, id)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil // the caller answers what is not the actor's
	}
	if err != nil || c.Status != StatusPending || len(s.missing(c)) > 0 || len(c.Documents) > 0 {
		return err
	}
	at := s.now()
	docs, err := s.drafts(ctx, c, at)
	if err != nil {
		return err
	}
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		now, err := findContract(ctx, tx, id)
		if err != nil {
			return err
		}
		have, err := listDocuments(ctx, tx, id)
		if err != nil || len(have) > 0 || !now.UpdatedAt.Equal(c.UpdatedAt) {
			return err // issued meanwhile, or the contract changed: the next read issues them
		}
		_, err = storeDocs(ctx, tx, id, docs, at)
		return err
	})
}

// issueMemo issues the proofs of insurance of c (its product spec's
// Attestations: the Mémo Véhicule Assuré of a car or a motorbike, and
// the VTC certificate; the attestation of a home or of a temporary
// contract), for the provisional cover or for the year.
func (s *Service) issueMemo(ctx context.Context, tx *store.Tx, c *Contract, at time.Time) error {
	kinds := s.spec(c.Product).Attestations
	if len(kinds) == 0 {
		return nil
	}
	docs, err := s.made(ctx, c, kinds, at)
	if err != nil {
		return err
	}
	_, err = storeDocs(ctx, tx, c.ID, docs, at)
	return err
}
