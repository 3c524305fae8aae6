package quote

import (
	"context"
	"crypto/rand"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// OpenFor opens, in tx, a quote request for client on staff's initiative:
// the client asked for something their instant prices did not offer, and
// staff answer it with offers (pkg/instant). The answers are checked as a
// client's are; the client's hourly limit does not apply (staff open it).
func (s *Service) OpenFor(ctx context.Context, tx *store.Tx, staff, client account.Actor, d Draft) (*Request, error) {
	if err := staff.RequireStaff(); err != nil {
		return nil, err
	}
	if !client.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	now := s.now()
	r, err := s.form.validate(d, now)
	if err != nil {
		return nil, err
	}
	r.ID, r.UID, r.Status, r.CreatedAt, r.UpdatedAt = rand.Text(), client.UID, StatusReceived, now, now
	opened, err := s.desk.Open(ctx, tx, staff, desk.Draft{
		ID: r.ID, Kind: desk.KindQuote, UID: client.UID, Name: client.Name, Email: client.Email, Phone: r.Contact.Phone,
		Product: string(r.Product), Summary: productTitle(r.Product), Due: s.cal.AddWorkingHours(now, s.hours),
		ProductTitle: productTitle(r.Product),
	})
	if err != nil {
		return nil, err
	}
	r.Ref = opened.Ref
	return r, insertRequest(ctx, tx, r)
}

// IsBrand tells whether value is one of the form's brands (form.json),
// "autre" aside.
func (s *Service) IsBrand(value string) bool {
	return value != otherBrand && s.form.has(listBrand, value)
}
