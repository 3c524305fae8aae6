package contract

import (
	"context"
	"fmt"
	"slices"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

// signedMailKinds are the documents the « contrat signé » mail carries:
// the contract's information on a durable medium, as distance selling
// requires (L112-2-1), kept by the client whatever becomes of their
// account, with the evidence of their signature.
var signedMailKinds = []string{DocConditions, DocAdvice, DocIPID, DocMandate, DocLetter, DocEvidence, DocMemo, DocVTC, DocAttestation}

// fileStems name the attached files, without accents so that every mail
// client shows them alike.
var fileStems = map[string]string{
	DocAdvice: "fiche-conseil", DocConditions: "conditions-particulieres", DocIPID: "fiche-ipid", DocLetter: "lettre-de-renonciation",
	DocMandate: "mandat-sepa", DocEvidence: "fichier-de-preuve", DocMemo: "memo-vehicule-assure", DocVTC: "attestation-vtc",
	DocAttestation: "attestation-assurance", DocNotice: "avis-d-echeance", DocFormalNotice: "mise-en-demeure", DocTermination: "resiliation-non-paiement",
	DocAmendment: "avenant",
}

// attachments are the newest documents of c of kinds, as a mail's
// attachments: referred to by hash, the bytes read when it is sent.
func attachments(ctx context.Context, tx *store.Tx, c *Contract, kinds []string) ([]event.Attachment, error) {
	rows, err := tx.QueryContext(ctx, `SELECT d.id, d.kind, f.size, d.sha256, d.issued_at FROM contract_documents d
		JOIN files f ON f.sha256 = d.sha256 WHERE d.contract_id = ? ORDER BY d.issued_at DESC, d.signed DESC, d.id`, c.ID)
	if err != nil {
		return nil, fmt.Errorf("pièces jointes du contrat: %w", err)
	}
	defer rows.Close()
	newest := map[string]event.Attachment{}
	for rows.Next() {
		var id, kind, sum, at string
		var size int64
		if err := rows.Scan(&id, &kind, &size, &sum, &at); err != nil {
			return nil, fmt.Errorf("pièces jointes du contrat: %w", err)
		}
		if _, seen := newest[kind]; seen || !slices.Contains(kinds, kind) {
			continue
		}
		newest[kind] = event.Attachment{Name: fileStems[kind] + "-" + c.Number + ".pdf", MIME: "application/pdf", SHA256: sum, Size: size,
			Path: "/api/contracts/" + c.ID + "/documents/" + id}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := []event.Attachment{}
	for _, k := range kinds {
		if a, ok := newest[k]; ok {
			out = append(out, a)
		}
	}
	return out, nil
}
