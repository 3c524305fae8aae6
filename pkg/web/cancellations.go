package web

import (
	"net/http"

	"courtier/pkg/contract"
)

// cancelAskedMessage is the one answer to a cancellation asked without an
// account, whatever the contract: the form tells nobody which exist.
const cancelAskedMessage = "Si ces informations correspondent à un contrat en cours, un lien de confirmation vient d’être envoyé à l’adresse e-mail du contrat. Votre demande sera enregistrée quand vous l’aurez ouvert (il est valable 24\u00a0heures)."

// handleAskCancellation takes « Résilier votre contrat » without an
// account (décret 2023-182): 202 and the same words once the input is
// valid, a link mailed only when it names a contract and its holder.
func (s *Server) handleAskCancellation(w http.ResponseWriter, r *http.Request) error {
	var req contract.CancelRequest
	if err := decodeJSON(w, r, contractMaxBytes, &req); err != nil {
		return err
	}
	if err := s.contracts.AskCancellation(r.Context(), req); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, messageBody{Message: cancelAskedMessage})
	return nil
}

// handleConfirmCancellation uses the link of that mail: the cancellation
// is recorded and its acknowledgement mailed with the effective date.
func (s *Server) handleConfirmCancellation(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeJSON(w, r, contractMaxBytes, &req); err != nil {
		return err
	}
	receipt, err := s.contracts.ConfirmCancellation(r.Context(), req.Token)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, receipt)
	return nil
}
