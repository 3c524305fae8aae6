package contract

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// The statuses of a supporting document.
const (
	ProofMissing  = "missing"
	ProofSent     = "sent"
	ProofAccepted = "accepted"
	ProofRefused  = "refused"
)

// proofLabels name the supporting documents in French.
var proofLabels = map[string]string{
	"licence":      "Permis de conduire",
	"registration": "Certificat d’immatriculation (carte grise)",
	"record":       "Relevé d’information de votre assureur précédent",
	"pro-card":     "Carte professionnelle de conducteur VTC",
	"aac":          "Attestation de fin de conduite accompagnée (AAC)",
}

// proofOrder is the order in which every kind of supporting document is
// listed, whichever a contract asks.
var proofOrder = []string{"licence", "registration", "record", "aac", "pro-card"}

// ProofKinds lists the supporting documents a house product needs of a
// driver who has been insured (its spec's Proofs; home: none, the
// declaration is enough): a first-time driver's are FirstDriverProofs.
func ProofKinds(product string) []string {
	spec, _ := pricing.HouseProduct(product)
	return spec.Proofs
}

// FirstDriverProofs are the supporting documents a house product needs
// of a first-time driver: firstDriverProofs of its spec's.
func FirstDriverProofs(product string, supervised bool) []string {
	spec, _ := pricing.HouseProduct(product)
	return firstDriverProofs(spec.Proofs, supervised)
}

// firstDriverProofs are the supporting documents of proofs a first-time
// driver (never insured, or not in the last three years) gives: no
// relevé d'information, which no insurer has written for them, and,
// when the price counted the supervised driving (a product whose form
// asks it, answered yes), its attestation instead.
func firstDriverProofs(proofs []string, supervised bool) []string {
	out := []string{}
	for _, k := range proofs {
		if k == "record" {
			if supervised {
				out = append(out, "aac")
			}
			continue
		}
		out = append(out, k)
	}
	return out
}

func proofStatusLabel(st string) string {
	switch st {
	case ProofMissing:
		return "À envoyer"
	case ProofSent:
		return "En cours de vérification"
	case ProofAccepted:
		return "Accepté"
	case ProofRefused:
		return "Refusé"
	}
	return st
}

// insertProofs asks the supporting documents of c: those its source
// decided (a first-time driver's), else its product's.
func (s *Service) insertProofs(ctx context.Context, tx *store.Tx, c *Contract) error {
	kinds := s.spec(c.Product).Proofs
	if c.proofKinds != nil {
		kinds = c.proofKinds
	}
	for _, k := range kinds {
		_, err := tx.ExecContext(ctx, "INSERT INTO proofs (contract_id, kind, status) VALUES (?, ?, 'missing')", c.ID, k)
		if err != nil {
			return fmt.Errorf("justificatifs du contrat: %w", err)
		}
	}
	return nil
}

func listProofs(ctx context.Context, tx *store.Tx, c *Contract) ([]Proof, error) {
	rows, err := tx.QueryContext(ctx, `SELECT kind, status, COALESCE(sha256, ''), COALESCE(name, ''), COALESCE(sent_at, ''),
		COALESCE(checked_at, ''), COALESCE(reason, '') FROM proofs WHERE contract_id = ?`, c.ID)
	if err != nil {
		return nil, fmt.Errorf("justificatifs du contrat: %w", err)
	}
	defer rows.Close()
	byKind := map[string]Proof{}
	for rows.Next() {
		var p Proof
		var sent, checked string
		if err := rows.Scan(&p.Kind, &p.Status, &p.sha256, &p.Name, &sent, &checked, &p.Reason); err != nil {
			return nil, fmt.Errorf("justificatifs du contrat: %w", err)
		}
		p.SentAt, p.CheckedAt = optTime(sent), optTime(checked)
		p.Label, p.StatusLabel = proofLabels[p.Kind], proofStatusLabel(p.Status)
		if p.sha256 != "" {
			p.URL = "/api/contracts/" + c.ID + "/proofs/" + p.Kind
		}
		byKind[p.Kind] = p
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []Proof{}
	for _, k := range proofOrder {
		if p, ok := byKind[k]; ok {
			out = append(out, p)
		}
	}
	return out, nil
}

func optTime(s string) *time.Time {
	if s == "" {
		return nil
	}
	t, err := store.ParseTime(s)
	if err != nil {
		return nil
	}
	return &t
}

// proofOf is c's supporting document kind; ENOTFOUND when c needs none such.
func proofOf(c *Contract, kind string) (*Proof, error) {
	for i := range c.Proofs {
		if c.Proofs[i].Kind == kind {
			return &c.Proofs[i], nil
		}
	}
	return nil, apperr.Errorf(apperr.ENOTFOUND, "Ce justificatif n’est pas demandé pour ce contrat.")
}

// SendProof stores a supporting document the client sent (already
// checked and cleaned by pkg/upload: its type read from its content, its
// metadata gone) for staff to check. A refused one may be sent again.
func (s *Service) SendProof(ctx context.Context, actor account.Actor, id, kind string, f blob.File, name string) (*Contract, error) {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := s.own(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if c.Proofs, err = listProofs(ctx, tx, c); err != nil {
			return err
		}
		p, err := proofOf(c, kind)
		if err != nil {
			return err
		}
		switch {
		case c.Status == StatusPending:
			return apperr.Errorf(apperr.ECONFLICT, "Signez d’abord le contrat, puis envoyez vos justificatifs.")
		case c.Status != StatusAwaiting && c.Status != StatusActive:
			return apperr.Errorf(apperr.ECONFLICT, "Ce contrat est « %s »\u00a0: il n’attend plus de justificatif.", c.Status.Label())
		case p.Status == ProofAccepted:
			return apperr.Errorf(apperr.ECONFLICT, "Ce justificatif a déjà été accepté.")
		}
		now := s.now()
		sum, err := blob.Put(ctx, tx, f.MIME, f.Data, now)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE proofs SET status = 'sent', sha256 = ?, name = ?, sent_at = ?, checked_at = NULL,
			checked_by = NULL, reason = NULL WHERE contract_id = ? AND kind = ?`, sum, name, store.FormatTime(now), c.ID, kind)
		if err != nil {
			return fmt.Errorf("justificatif envoyé: %w", err)
		}
		return s.record(ctx, tx, actor, c, "proof_sent", p.Label+" envoyé", now)
	})
	if err != nil {
		return nil, s.fail("justificatif envoyé", err, "uid", actor.UID, "id", id, "kind", kind)
	}
	return s.Get(ctx, actor, id)
}

// Review is staff's check of a supporting document: accepted, or refused
// with a reason the client reads.
type Review struct {
	Accept bool   `json:"accept"`
	Reason string `json:"reason"`
}

// ReviewProof accepts or refuses a supporting document sent; when every
// one is accepted the contract becomes « Actif ».
func (s *Service) ReviewProof(ctx context.Context, actor account.Actor, id, kind string, r Review) (*Contract, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	reason := strings.TrimSpace(r.Reason)
	if !r.Accept && (reason == "" || utf8.RuneCountInString(reason) > 500) {
		return nil, apperr.FieldErrorf("reason", "Dites au client pourquoi ce justificatif est refusé (500\u00a0caractères au plus).")
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := findContract(ctx, tx, id)
		if err != nil {
			return errNotFound()
		}
		if c.Proofs, err = listProofs(ctx, tx, c); err != nil {
			return err
		}
		p, err := proofOf(c, kind)
		if err != nil {
			return err
		}
		if p.Status != ProofSent {
			return apperr.Errorf(apperr.ECONFLICT, "Ce justificatif est « %s »\u00a0: il n’y a rien à vérifier.", p.StatusLabel)
		}
		return s.review(ctx, tx, actor, c, p, r.Accept, reason)
	})
	if err != nil {
		return nil, s.fail("justificatif vérifié", err, "uid", actor.UID, "id", id, "kind", kind)
	}
	return s.Get(ctx, actor, id)
}

func (s *Service) review(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, p *Proof, accept bool, reason string) error {
	now := s.now()
	p.Status, p.Reason = ProofAccepted, ""
	if !accept {
		p.Status, p.Reason = ProofRefused, reason
	}
	_, err := tx.ExecContext(ctx, `UPDATE proofs SET status = ?, checked_at = ?, checked_by = ?, reason = ? WHERE contract_id = ? AND kind = ?`,
		p.Status, store.FormatTime(now), actor.UID, nullable(p.Reason), c.ID, p.Kind)
	if err != nil {
		return fmt.Errorf("justificatif vérifié: %w", err)
	}
	if !accept {
		if err := s.record(ctx, tx, actor, c, "proof_refused", p.Label+" refusé\u00a0: "+reason, now); err != nil {
			return err
		}
		return s.publish(ctx, tx, c, event.ContractProofRefused, p.Label+"\u00a0: "+reason, now)
	}
	if err := s.record(ctx, tx, actor, c, "proof_accepted", p.Label+" accepté", now); err != nil {
		return err
	}
	for _, q := range c.Proofs {
		if q.Status != ProofAccepted {
			return nil
		}
	}
	if c.Status != StatusAwaiting {
		return nil
	}
	return s.activate(ctx, tx, actor, c, now)
}
