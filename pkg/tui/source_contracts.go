package tui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"syscall"

	"courtier/pkg/apperr"
	"courtier/pkg/contract"
)

// The contracts of the Contrats tab over the App: staff's list, one
// contract whole, the check of a supporting document, a file saved.

// Contracts lists the contracts, newest first; proofs keeps those with a
// supporting document to check.
func (s *appSource) Contracts(ctx context.Context, proofs bool) ([]*contract.Contract, error) {
	f := contract.Filter{}
	if proofs {
		f.Status = "proofs"
	}
	return s.a.Contracts.List(ctx, s.reader, f)
}

// ContractsFollowed lists the contracts of a follow-up: unpaid, or to renew.
func (s *appSource) ContractsFollowed(ctx context.Context, follow string) ([]*contract.Contract, error) {
	return s.a.Contracts.List(ctx, s.reader, contract.Filter{Status: follow})
}

// Contract reads contract id whole.
func (s *appSource) Contract(ctx context.Context, id string) (*contract.Contract, error) {
	return s.a.Contracts.Get(ctx, s.reader, id)
}

// ReviewProof accepts or refuses a supporting document, for staff still
// active in the store.
func (s *appSource) ReviewProof(ctx context.Context, id, kind string, accept bool, reason string) error {
	if err := s.acting(); err != nil {
		return err
	}
	if err := s.a.Accounts.ConfirmStaff(ctx, s.actor); err != nil {
		return err
	}
	_, err := s.a.Contracts.ReviewProof(ctx, s.actor, id, kind, contract.Review{Accept: accept, Reason: reason})
	return err
}

// RecordPayment records a payment of a contract's incident, for staff
// still active in the store.
func (s *appSource) RecordPayment(ctx context.Context, id string, p contract.PaymentReceived) error {
	if err := s.acting(); err != nil {
		return err
	}
	if err := s.a.Accounts.ConfirmStaff(ctx, s.actor); err != nil {
		return err
	}
	_, err := s.a.Contracts.RecordPayment(ctx, s.actor, id, p)
	return err
}

// SaveContractFile writes a document (kind "documents", name its id) or a
// supporting document (kind "proofs", name its kind) of contract id to
// path, which must not exist yet; it answers the bytes written.
func (s *appSource) SaveContractFile(ctx context.Context, id, kind, name, path string) (int, error) {
	f, _, err := s.a.Contracts.File(ctx, s.reader, id, kind, name)
	if err != nil {
		return 0, err
	}
	return writeNew(path, f.Data)
}

// writeNew writes data to a new file at path; an existing file is kept.
func writeNew(path string, data []byte) (int, error) {
	out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return 0, apperr.Errorf(apperr.ECONFLICT, "%s existe déjà\u00a0: choisissez un autre nom.", path)
	}
	if err != nil {
		return 0, apperr.Errorf(apperr.EINVALID, "Impossible d’écrire %s\u00a0: %s.", path, pathReason(err))
	}
	n, err := out.Write(data)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
		return 0, apperr.Errorf(apperr.EINTERNAL, "Impossible d’écrire %s\u00a0: %s.", path, pathReason(err))
	}
	return n, nil
}

// pathReason is a file error's reason in French, without the path the
// message already names: the system's own words are English.
func pathReason(err error) string {
	switch {
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return "écriture refusée à cet endroit"
	case errors.Is(err, fs.ErrNotExist):
		return "ce dossier n’existe pas"
	case errors.Is(err, syscall.ENOTDIR):
		return "un élément du chemin n’est pas un dossier"
	case errors.Is(err, syscall.EISDIR):
		return "c’est un dossier"
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return "plus de place sur le disque"
	case errors.Is(err, syscall.ENAMETOOLONG):
		return "nom trop long"
	}
	return "erreur du système de fichiers"
}
