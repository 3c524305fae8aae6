package web

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"

	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/contract"
	"courtier/pkg/upload"
)

// The client's contracts: made from a price or an offer, signed with a
// code, their documents, supporting documents, cancellation and
// withdrawal; and staff's list and checks.

// contractMaxBytes bounds a contract's JSON bodies.
const contractMaxBytes = 16 << 10

type contractResponse struct {
	Contract *contract.Contract `json:"contract"`
}

// handleCreateContract makes a contract from a price or an accepted offer: 201.
func (s *Server) handleCreateContract(w http.ResponseWriter, r *http.Request) error {
	var d contract.Draft
	if err := decodeJSON(w, r, contractMaxBytes, &d); err != nil {
		return err
	}
	c, err := s.contracts.Create(r.Context(), actorOf(r), d)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, contractResponse{c})
	return nil
}

// handleListContracts lists the client's contracts.
func (s *Server) handleListContracts(w http.ResponseWriter, r *http.Request) error {
	list, err := s.contracts.Mine(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Contracts []*contract.Contract `json:"contracts"`
	}{list})
	return nil
}

// handleGetContract answers a contract to its owner or staff.
func (s *Server) handleGetContract(w http.ResponseWriter, r *http.Request) error {
	c, err := s.contracts.Get(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}

// handleUpdateContract completes a contract before its signature.
func (s *Server) handleUpdateContract(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		contract.Details
		StartDate string `json:"startDate"`
	}
	if err := decodeJSON(w, r, contractMaxBytes, &body); err != nil {
		return err
	}
	c, err := s.contracts.Update(r.Context(), actorOf(r), r.PathValue("id"), body.Details, body.StartDate)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}

// handleSignatureCode sends the signature code by e-mail: 202.
func (s *Server) handleSignatureCode(w http.ResponseWriter, r *http.Request) error {
	sent, err := s.contracts.SendCode(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, sent)
	return nil
}

// handleSign signs a contract with the code received.
func (s *Server) handleSign(w http.ResponseWriter, r *http.Request) error {
	var sg contract.Signing
	if err := decodeJSON(w, r, contractMaxBytes, &sg); err != nil {
		return err
	}
	sg.Client = contract.Client{IP: clientAddr(r), UserAgent: r.UserAgent()}
	c, err := s.contracts.Sign(r.Context(), actorOf(r), r.PathValue("id"), sg)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}

// handleCancellationDate answers the date a cancellation would take
// effect (GET …/cancellation?reason=term), before the client confirms.
func (s *Server) handleCancellationDate(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	p, err := s.contracts.PreviewCancellation(r.Context(), actorOf(r), r.PathValue("id"),
		contract.Cancellation{Reason: q.Get("reason"), Text: q.Get("text")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, p)
	return nil
}

// handleCancel records a cancellation and answers its effective date.
func (s *Server) handleCancel(w http.ResponseWriter, r *http.Request) error {
	var k contract.Cancellation
	if err := decodeJSON(w, r, contractMaxBytes, &k); err != nil {
		return err
	}
	c, err := s.contracts.Cancel(r.Context(), actorOf(r), r.PathValue("id"), k)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		EffectiveDate string             `json:"effectiveDate"`
		Contract      *contract.Contract `json:"contract"`
	}{c.Ending.Date, c})
	return nil
}

// handleWithdraw uses the 14-day withdrawal right.
func (s *Server) handleWithdraw(w http.ResponseWriter, r *http.Request) error {
	c, err := s.contracts.Withdraw(r.Context(), actorOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}

// handleContractFile serves a document or a supporting document to the
// contract's owner and staff, never cached by a shared cache.
func (s *Server) handleContractFile(kind string) apiFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		f, name, err := s.contracts.File(r.Context(), actorOf(r), r.PathValue("id"), kind, r.PathValue("name"))
		if err != nil {
			return err
		}
		return serveFile(w, r, f, name)
	}
}

// serveFile answers a stored file the site issued or a client sent:
// never cached, never sniffed, sandboxed, inline unless ?download.
func serveFile(w http.ResponseWriter, r *http.Request, f *blob.File, name string) error {
	h := w.Header()
	h.Set("Content-Type", f.MIME)
	h.Set("Content-Length", strconv.Itoa(len(f.Data)))
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "sandbox; default-src 'none'")
	h.Set("ETag", `"`+f.SHA256+`"`)
	disposition := "inline"
	if r.URL.Query().Get("download") != "" {
		disposition = "attachment"
	}
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": name}))
	_, err := w.Write(f.Data)
	return err
}

// handleSendProof receives a supporting document (multipart, field
// "file"), checked by its content and cleaned before it is stored.
func (s *Server) handleSendProof(w http.ResponseWriter, r *http.Request) error {
	f, release, err := s.checkedUpload(w, r)
	if err != nil {
		return err
	}
	defer release()
	c, err := s.contracts.SendProof(r.Context(), actorOf(r), r.PathValue("id"), r.PathValue("name"),
		blob.File{SHA256: f.SHA256, MIME: f.MIME, Data: f.Data}, f.Name)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, contractResponse{c})
	return nil
}

// checkedUpload reads and checks the file of an upload form. A photo
// takes most of a second to clean: a few at a time, the others wait for
// their turn or for the client to give up. release ends the turn.
func (s *Server) checkedUpload(w http.ResponseWriter, r *http.Request) (*upload.File, func(), error) {
	select {
	case s.checks <- struct{}{}:
	case <-r.Context().Done():
		return nil, nil, r.Context().Err()
	}
	release := func() { <-s.checks }
	f, err := readUpload(w, r, s.uploads)
	if err != nil {
		release()
		return nil, nil, err
	}
	return f, release, nil
}

// readUpload reads the one part named "file" of a multipart body, at
// most the policy's size, and checks it.
func readUpload(w http.ResponseWriter, r *http.Request, p upload.Policy) (*upload.File, error) {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" {
		return nil, apperr.FieldErrorf("file", "Envoyez le fichier dans un formulaire (multipart/form-data, champ « file »).")
	}
	r.Body = http.MaxBytesReader(w, r.Body, p.MaxBytes+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, apperr.FieldErrorf("file", "Ce formulaire est illisible.")
	}
	for {
		part, err := mr.NextPart()
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			return nil, errTooLarge()
		case errors.Is(err, io.EOF):
			return nil, apperr.FieldErrorf("file", "Choisissez un fichier à envoyer.")
		case err != nil:
			return nil, apperr.FieldErrorf("file", "Ce formulaire est illisible.")
		}
		if part.FormName() != "file" {
			continue
		}
		name := part.FileName()
		if u, err := url.PathUnescape(name); err == nil {
			name = u
		}
		f, err := upload.Read(name, part, p)
		if errors.As(err, &tooBig) {
			return nil, errTooLarge()
		}
		return &f, err
	}
}

// errTooLarge answers a form bigger than any file it may hold.
func errTooLarge() error {
	return apperr.FieldErrorf("file", "Le fichier dépasse 10\u00a0Mo.")
}

// handleDeskContracts lists the contracts for staff, by filters.
func (s *Server) handleDeskContracts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	list, err := s.contracts.List(r.Context(), actorOf(r), contract.Filter{Status: q.Get("status"), Product: q.Get("product"), Query: q.Get("q")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Contracts []*contract.Contract `json:"contracts"`
	}{list})
	return nil
}

// handleReviewProof accepts or refuses a supporting document.
func (s *Server) handleReviewProof(w http.ResponseWriter, r *http.Request) error {
	var rv contract.Review
	if err := decodeJSON(w, r, contractMaxBytes, &rv); err != nil {
		return err
	}
	c, err := s.contracts.ReviewProof(r.Context(), actorOf(r), r.PathValue("id"), r.PathValue("name"), rv)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, contractResponse{c})
	return nil
}

// handleSendDocument sends a contract's document to its client again.
func (s *Server) handleSendDocument(w http.ResponseWriter, r *http.Request) error {
	if err := s.contracts.SendDocument(r.Context(), actorOf(r), r.PathValue("id"), r.PathValue("name")); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, messageBody{Message: "Le document part par e-mail au client."})
	return nil
}

// handleContractCounts answers the contracts' figures to staff.
func (s *Server) handleContractCounts(w http.ResponseWriter, r *http.Request) error {
	c, err := s.contracts.Counts(r.Context(), actorOf(r))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}
