package contract

import (
	"context"
	"slices"
	"strings"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// Filter narrows staff's list of contracts.
type Filter struct {
	// Status is one status, "" for all; "proofs" for the contracts with a
	// supporting document to check; FollowUnpaid (« impayés ») or
	// FollowRenewal (« à renouveler ») for those staff follow.
	Status string
	// Product is one product id, "" for all.
	Product string
	// Query matches the number, the holder's name or e-mail, the registration.
	Query string
}

// List lists the contracts for staff, newest first.
func (s *Service) List(ctx context.Context, actor account.Actor, f Filter) ([]*Contract, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	where, args := []string{"1 = 1"}, []any{}
	switch {
	case f.Status == "proofs":
		where = append(where, "id IN (SELECT contract_id FROM proofs WHERE status = 'sent')")
	case f.Status == FollowUnpaid || f.Status == FollowRenewal:
		cond, cargs := s.followWhere(f.Status, s.today())
		where, args = append(where, cond), append(args, cargs...)
	case f.Status != "":
		if Status(f.Status).Label() == f.Status {
			return nil, apperr.FieldErrorf("status", "Ce statut de contrat n’existe pas.")
		}
		where, args = append(where, "status = ?"), append(args, f.Status)
	}
	if f.Product != "" {
		where, args = append(where, "product = ?"), append(args, f.Product)
	}
	if q := strings.ToLower(strings.TrimSpace(f.Query)); q != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(q) + "%"
		where = append(where, `(lower(number) LIKE ? ESCAPE '\' OR lower(holder) LIKE ? ESCAPE '\' OR lower(risk) LIKE ? ESCAPE '\')`)
		args = append(args, like, like, like)
	}
	var list []*Contract
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if list, err = listContracts(ctx, tx, strings.Join(where, " AND "), args...); err != nil {
			return err
		}
		for _, c := range list {
			if err := s.complete(ctx, tx, actor, c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.fail("liste des contrats", err, "uid", actor.UID)
	}
	return list, nil
}

// File reads a document (kind "documents") or a supporting document
// (kind "proofs") of contract id, for its owner or staff.
func (s *Service) File(ctx context.Context, actor account.Actor, id, kind, name string) (*blob.File, string, error) {
	var f *blob.File
	var filename string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := s.readable(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		var sum string
		switch kind {
		case "documents":
			err = tx.QueryRowContext(ctx, "SELECT sha256, kind FROM contract_documents WHERE contract_id = ? AND id = ?", c.ID, name).Scan(&sum, &filename)
			if err == nil && c.Status == StatusSuspended && proofOfCover(filename) {
				return errSuspended()
			}
			filename = c.Number + "-" + filename + ".pdf"
		case "proofs":
			var original string
			err = tx.QueryRowContext(ctx, "SELECT sha256, COALESCE(name, '') FROM proofs WHERE contract_id = ? AND kind = ? AND sha256 IS NOT NULL",
				c.ID, name).Scan(&sum, &original)
			filename = c.Number + "-" + name + "-" + original
		}
		if err != nil || sum == "" {
			return apperr.Errorf(apperr.ENOTFOUND, "Ce document est introuvable.")
		}
		f, err = blob.Get(ctx, tx, sum)
		return err
	})
	if err != nil {
		return nil, "", s.fail("lecture d'un document", err, "uid", actor.UID, "id", id)
	}
	return f, filename, nil
}

// SendDocument sends the client a link to one of their contract's
// documents again, by e-mail, at staff's hand (a client who lost it).
func (s *Service) SendDocument(ctx context.Context, actor account.Actor, id, docID string) error {
	if err := actor.RequireStaff(); err != nil {
		return err
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := findContract(ctx, tx, id)
		if err != nil {
			return errNotFound()
		}
		docs, err := listDocuments(ctx, tx, id)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(docs, func(d Document) bool { return d.ID == docID })
		if i < 0 {
			return apperr.Errorf(apperr.ENOTFOUND, "Ce document est introuvable.")
		}
		now := s.now()
		if err := s.record(ctx, tx, actor, c, "document_sent", "Document renvoyé au client\u00a0: "+docs[i].Title, now); err != nil {
			return err
		}
		return s.publish(ctx, tx, c, event.ContractDocumentSent, docs[i].Title, now)
	})
	if err != nil {
		return s.fail("document renvoyé", err, "uid", actor.UID, "id", id)
	}
	return nil
}

// proofOfCover tells the documents that prove the cover (the Mémo, the
// VTC certificate, an attestation): none is given while it is suspended.
func proofOfCover(kind string) bool {
	return kind == DocMemo || kind == DocVTC || kind == DocAttestation
}

// errSuspended refuses a proof of cover while the cover is suspended.
func errSuspended() error {
	return apperr.Errorf(apperr.ECONFLICT, "Les garanties de ce contrat sont suspendues pour non-paiement (article L113-3 du code des assurances)\u00a0: aucune attestation d’assurance ni Mémo ne peut être téléchargé avant le paiement de la somme due.")
}
