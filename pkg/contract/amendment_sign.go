package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/document"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// AmendmentSigning is what the client gives to sign an amendment (POST
// /api/contracts/{id}/amendments/{aid}/signature): the code received and
// the boxes ticked: "amendment" for the avenant and the new conditions,
// and "sepa" for a new bank account's mandate.
type AmendmentSigning struct {
	Code   string   `json:"code"`
	Accept []string `json:"accept"`
	Client Client   `json:"-"`
}

// amendmentTick is what the box of an avenant says.
func amendmentTick(a *Amendment, number string) string {
	return "J’ai lu et j’accepte l’avenant n°\u00a0" + fmt.Sprint(a.N) + " au contrat n°\u00a0" + number +
		" et les Conditions particulières qu’il modifie, à compter du " + frDay(a.EffectiveDate) + "."
}

const sepaAmendTick = "J’autorise le prélèvement SEPA des cotisations sur le nouveau compte indiqué, selon le mandat en cours."

// SendAmendmentCode sends the code that signs draft amendment aid of
// contract id to its owner's e-mail; the code is the contract's, bound
// to the amendment (it signs nothing else).
func (s *Service) SendAmendmentCode(ctx context.Context, actor account.Actor, id, aid string) (*CodeSent, error) {
	var sent CodeSent
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, a, err := s.draftOf(ctx, tx, actor, id, aid)
		if err != nil {
			return err
		}
		now := s.now()
		k, digits, err := newCode(ctx, tx, c.ID, a.ID, actor.Email, now)
		if err != nil {
			return err
		}
		sent = codeSent(&k)
		p := s.amendmentPayload(c, a)
		p.Recipient.Email, p.Code, p.Date = actor.Email, digits, k.expires
		return event.Record(ctx, tx, event.ContractAmendmentCodeSent, event.ContractAggregate(c.ID), p, now)
	})
	if err != nil {
		return nil, s.fail("code de signature de l’avenant", err, "uid", actor.UID, "id", id)
	}
	return &sent, nil
}

// draftOf reads actor's contract id, in force, and its draft amendment aid.
func (s *Service) draftOf(ctx context.Context, tx *store.Tx, actor account.Actor, id, aid string) (*Contract, *Amendment, error) {
	c, err := s.amendable(ctx, tx, actor, id, false)
	if err != nil {
		return nil, nil, err
	}
	a, err := findAmendment(ctx, tx, c.ID, aid)
	if err != nil {
		return nil, nil, err
	}
	if a.Status != AmendmentStatusDraft {
		return nil, nil, apperr.Errorf(apperr.ECONFLICT, "Cet avenant n’est plus à signer («\u00a0%s\u00a0»).", amendmentStatusLabel(a.Status))
	}
	return c, a, nil
}

func amendmentStatusLabel(st string) string {
	switch st {
	case AmendmentStatusSigned:
		return "signé"
	case AmendmentStatusCancelled:
		return "remplacé par une autre demande"
	}
	return "à signer"
}

// SignAmendment signs draft amendment aid of contract id with the code
// received: the change applies from its effective date (premium, debits,
// documents), the avenant and the new conditions are issued signed and
// sealed with the new attestation or Mémo, and mailed at once.
func (s *Service) SignAmendment(ctx context.Context, actor account.Actor, id, aid string, sg AmendmentSigning) (*Contract, error) {
	prop, k, err := s.checkAmendmentSignature(ctx, actor, id, aid, &sg)
	if err != nil {
		return nil, s.fail("signature de l’avenant", err, "uid", actor.UID, "id", id)
	}
	now := s.now()
	a := &prop.a
	a.SignedAt = &now
	ev := newEvidence(EvidencePrefix+"-"+prop.before.Number+"-A"+fmt.Sprint(a.N), prop.before, actor, k, sg.Client, now)
	docs, err := s.amendmentDocs(ctx, prop, ev, now)
	if err != nil {
		return nil, s.fail("signature de l’avenant", err, "id", id)
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		return s.saveAmendment(ctx, tx, actor, prop, k, ev, docs, now)
	})
	if err != nil {
		return nil, s.fail("signature de l’avenant", err, "uid", actor.UID, "id", id)
	}
	s.log.Info("avenant signé", "number", prop.before.Number, "n", a.N, "kind", a.Kind, "uid", actor.UID)
	return s.Get(ctx, actor, id)
}

// checkAmendmentSignature checks everything before the documents are
// made: the contract, the draft priced again as it stands (the same
// price, or the client is asked to propose it again), the boxes and the
// code (a wrong code spends a try, committed).
func (s *Service) checkAmendmentSignature(ctx context.Context, actor account.Actor, id, aid string, sg *AmendmentSigning) (*proposal, *code, error) {
	var prop *proposal
	var k *code
	var refused error
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, a, err := s.draftOf(ctx, tx, actor, id, aid)
		if err != nil {
			return err
		}
		if prop, err = s.propose(ctx, tx, c, AmendmentDraft{Kind: a.Kind, EffectiveDate: a.EffectiveDate, Changes: a.raw}); err != nil {
			return apperr.Errorf(apperr.ECONFLICT, "Cet avenant ne peut plus être signé tel quel (%s)\u00a0: refaites la demande.", apperr.MessageOf(err))
		}
		if prop.a.YearlyCentsAfter != a.YearlyCentsAfter || prop.a.AdjustmentCents != a.AdjustmentCents {
			return apperr.Errorf(apperr.ECONFLICT, "Le prix de ce changement a changé depuis sa proposition\u00a0: refaites la demande pour voir le nouveau.")
		}
		prop.a.ID, prop.a.N, prop.a.Status, prop.a.CreatedAt, prop.a.CreatedByStaff = a.ID, a.N, a.Status, a.CreatedAt, a.CreatedByStaff
		var bad []apperr.FieldMessage
		if !slices.Contains(sg.Accept, DocAmendment) {
			bad = append(bad, apperr.FieldMessage{Field: "accept", Message: "Cochez la case après avoir lu l’avenant et ses nouvelles Conditions particulières."})
		}
		if a.Kind == AmendBank && !slices.Contains(sg.Accept, "sepa") {
			bad = append(bad, apperr.FieldMessage{Field: "accept", Message: "Cochez l’autorisation de prélèvement SEPA sur le nouveau compte."})
		}
		if len(bad) > 0 {
			return fieldsOf(bad)
		}
		var ok bool
		if k, ok, err = checkCode(ctx, tx, c.ID, a.ID, sg.Code, s.now()); !ok {
			refused = err // the try is spent: commit it, then refuse
			return nil
		}
		return err
	})
	if err == nil {
		err = refused
	}
	return prop, k, err
}

// amendmentInput is the avenant of prop, signed at at (zero: as shown
// before the signature).
func (s *Service) amendmentInput(prop *proposal, at, signed time.Time) document.AmendmentInput {
	a, c := &prop.a, prop.after
	end, _ := time.Parse(layout, prop.period.end)
	in := document.AmendmentInput{Contract: c.Number, Number: a.N, Issued: at, Object: a.KindLabel, Insurer: s.insurerName(c),
		Formula: c.Formula, Holder: s.person(c), Effective: prop.effective, PeriodEnd: end.AddDate(0, 0, 1),
		PreviousYearlyCents: a.YearlyCentsBefore, AdjustmentCents: a.AdjustmentCents, SignedAt: signed,
		Premium: document.Premium{YearlyCents: c.YearlyCents, MonthlyCents: c.MonthlyCents, TaxesCents: c.TaxesCents, Rhythm: s.rhythmText(c, prop.effective)}}
	for _, ch := range a.Changes {
		in.Changes = append(in.Changes, document.Change{Label: ch[0], Before: ch[1], After: ch[2]})
	}
	switch {
	case a.AdjustmentCents > 0:
		in.Settlement = "prélevé sur votre compte à partir du " + frDate(prop.effective) + ", avec vos prochaines échéances"
	case a.AdjustmentCents < 0:
		in.Settlement = "remboursé par virement sous 30\u00a0jours"
	}
	return in
}

// amendmentDocs makes the signed avenant and the new Conditions
// particulières, each ending with the signature's page and sealed; the
// versions shown (unsigned) give the evidence its hashes.
func (s *Service) amendmentDocs(ctx context.Context, prop *proposal, ev *Evidence, at time.Time) ([]pdf, error) {
	shown, err := s.papers.Renderer.Amendment(s.amendmentInput(prop, at, time.Time{}))
	if err != nil {
		return nil, err
	}
	cond, err := s.compose(prop.after, DocConditions, at)
	if err != nil {
		return nil, err
	}
	for _, d := range []*document.Doc{shown, cond} {
		data, err := d.PDF()
		if err != nil {
			return nil, err
		}
		ev.Documents = append(ev.Documents, EvidenceDocument{Title: d.Title(), SHA256: document.Digest(data)})
	}
	ev.Ticked = []string{amendmentTick(&prop.a, prop.before.Number)}
	if prop.bank != nil {
		ev.Ticked = append(ev.Ticked, sepaAmendTick)
	}
	dev := ev.forDocument()
	signed, err := s.papers.Renderer.Amendment(s.amendmentInput(prop, at, at))
	if err != nil {
		return nil, err
	}
	if cond, err = s.compose(prop.after, DocConditions, at); err != nil {
		return nil, err
	}
	var out []pdf
	for _, x := range []struct {
		d    *document.Doc
		kind string
	}{{signed, DocAmendment}, {cond, DocConditions}} {
		p, err := s.signedPDF(ctx, x.d, x.kind, dev, at)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// saveAmendment applies a signed amendment in one transaction: the code
// is spent, the contract changes, its debits from the effective date
// are made again, the documents are stored, the history and the client
// are told.
func (s *Service) saveAmendment(ctx context.Context, tx *store.Tx, actor account.Actor, prop *proposal, k *code, ev *Evidence,
	docs []pdf, now time.Time) error {
	c, a := prop.after, &prop.a
	if err := spendCode(ctx, tx, c.ID, k); err != nil {
		return err
	}
	current, err := findContract(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	if !current.UpdatedAt.Equal(prop.before.UpdatedAt) {
		return apperr.Errorf(apperr.ECONFLICT, "Ce contrat a changé pendant la signature\u00a0: rechargez la page.")
	}
	var needed []string
	if a.Kind == AmendVehicle && slices.Contains(s.spec(c.Product).Proofs, "registration") {
		// A new vehicle's carte grise is checked as at subscription,
		// under a provisional cover from the effective date.
		if err := askProofAgain(ctx, tx, c.ID, "registration"); err != nil {
			return err
		}
		c.ProvisionalUntil = prop.effective.AddDate(0, 0, ProvisionalDays-1).Format(layout)
		c.Status = StatusAwaiting
		needed = append(needed, proofLabels["registration"])
	}
	c.UpdatedAt = now
	if err := updateContract(ctx, tx, c); err != nil {
		return err
	}
	if c.Formula != prop.before.Formula {
		if err := updateFormula(ctx, tx, c.ID, c.Formula); err != nil {
			return err
		}
	}
	settle, err := remakeDebits(ctx, tx, prop)
	if err != nil {
		return err
	}
	if err := s.amendYear(ctx, tx, prop); err != nil {
		return err
	}
	if prop.bank != nil {
		if err := s.amendMandate(ctx, tx, c, prop.bank.Holder, prop.bank.IBAN, prop.bank.BIC, now); err != nil {
			return err
		}
	}
	stored, err := storeDocs(ctx, tx, c.ID, docs, now)
	if err != nil {
		return err
	}
	// The evidence names the signed documents as stored, so that its
	// verification finds each one by its id and hash; the row is signed
	// in the same transaction, which a draft no longer to sign undoes.
	for _, d := range stored {
		ev.Signed = append(ev.Signed, EvidenceDocument{ID: d.ID, Title: d.Title, SHA256: d.SHA256})
	}
	body, err := json.Marshal(ev)
	if err != nil {
		return err
	}
	if err := signAmendmentRow(ctx, tx, c.ID, a.ID, body, now); err != nil {
		return err
	}
	// The new proof of insurance holds from the effective date: the one
	// before it stays right until then. A provisional cover that ends
	// before that date has none to prove yet: the contract's activation,
	// once its proofs are accepted, issues it.
	kinds := []string{DocAmendment, DocConditions}
	if c.ProvisionalUntil == "" || c.ProvisionalUntil >= a.EffectiveDate {
		c.Period = &Period{Start: a.EffectiveDate, End: prop.period.end}
		if err := s.issueMemo(ctx, tx, c, now); err != nil {
			return err
		}
		kinds = append(kinds, s.spec(c.Product).Attestations...)
	}
	if err := s.record(ctx, tx, actor, c, "amended", amendedDetail(a, settle), now); err != nil {
		return err
	}
	p := s.amendmentPayload(c, a)
	p.Status = c.Status.Label()
	p.ProofsNeeded = needed
	if len(needed) > 0 {
		p.ProvisionalUntil, _ = time.ParseInLocation(layout, c.ProvisionalUntil, s.loc)
	}
	for _, d := range docs {
		p.Documents = append(p.Documents, d.title)
	}
	if p.Attachments, err = attachments(ctx, tx, c, kinds); err != nil {
		return err
	}
	return event.Record(ctx, tx, event.ContractAmended, event.ContractAggregate(c.ID), p, now)
}

// amendedDetail is the history's line of a signed amendment.
func amendedDetail(a *Amendment, settle int64) string {
	d := fmt.Sprintf("Avenant n°\u00a0%d signé\u00a0: %s à compter du %s", a.N, lowerFirst(a.KindLabel), frDay(a.EffectiveDate))
	d += changesText(a.Changes)
	if a.YearlyCentsAfter != a.YearlyCentsBefore {
		d += ", " + euros(a.YearlyCentsBefore) + " → " + euros(a.YearlyCentsAfter) + " par an"
	}
	switch {
	case settle > 0:
		d += ", " + euros(settle) + " prélevés le " + frDay(a.EffectiveDate)
	case settle < 0:
		d += ", " + euros(-settle) + " à rembourser"
	}
	return d
}

// amendmentPayload is amendment a of c as its client is told of it.
func (s *Service) amendmentPayload(c *Contract, a *Amendment) event.AmendmentPayload {
	eff, _ := time.ParseInLocation(layout, a.EffectiveDate, s.loc)
	return event.AmendmentPayload{ContractPayload: s.payload(c, ""), N: a.N, Object: a.KindLabel, Effective: eff,
		PreviousYearlyCents: a.YearlyCentsBefore, YearlyCents: a.YearlyCentsAfter, MonthlyCents: a.MonthlyCentsAfter,
		AdjustmentCents: a.AdjustmentCents, Changes: a.Changes}
}

// askProofAgain asks supporting document kind of contract id again.
func askProofAgain(ctx context.Context, tx *store.Tx, id, kind string) error {
	_, err := tx.ExecContext(ctx, `UPDATE proofs SET status = 'missing', sha256 = NULL, name = NULL, sent_at = NULL, checked_at = NULL,
		checked_by = NULL, reason = NULL WHERE contract_id = ? AND kind = ?`, id, kind)
	if err != nil {
		return fmt.Errorf("justificatifs du contrat: %w", err)
	}
	return nil
}
