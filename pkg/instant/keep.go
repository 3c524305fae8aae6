package instant

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// Keeping is how prices are kept: with the key of the browser that
// priced them, and for a visitor an e-mail address.
type Keeping struct {
	Key   string `json:"key"`
	Email string `json:"email"`
	// Consent: the person agrees to be called about these prices.
	Consent bool `json:"consent"`
	// Chosen is the id of the price picked; the recommended one when "".
	Chosen string `json:"chosen"`
}

// errNoQuote answers an id that names no quote the caller may reach: an
// unknown id and another's get the same words.
func errNoQuote() error {
	return apperr.Errorf(apperr.ENOTFOUND, "Ces prix sont introuvables. Refaites votre demande de prix.")
}

// Keep keeps a quote: a signed-in actor attaches it to their account (it
// shows in « Mes devis »), a visitor gives an e-mail and receives a link
// back to it, valid as long as the prices. Either way it becomes a lead
// of the desk, owed a call within CallHours when the person agreed to
// one. Keeping again (another choice, the consent given later, an account
// made after an e-mail) updates the same lead.
func (s *Service) Keep(ctx context.Context, actor account.Actor, id string, k Keeping) (*Quote, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.PriceKeeps, "Vous avez gardé beaucoup de prix en peu de temps."); err != nil {
		return nil, err
	}
	email := ""
	if !actor.SignedIn() {
		var err error
		if email, err = account.NormalizeEmail(k.Email); err != nil {
			return nil, err
		}
	}
	var q *Quote
	err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		if q, err = s.keepable(ctx, tx, actor, id, k.Key); err != nil {
			return err
		}
		return s.keep(ctx, tx, actor, q, email, k, true)
	})
	if err != nil {
		return nil, s.fail("prix gardés", err, "id", id)
	}
	s.log.Info("prix gardés", "id", q.ID, "uid", actor.UID, "lead", q.Ref, "consent", q.Consent)
	return q, nil
}

// keepable reads the quote id for actor: its owner, or whoever holds its
// key, while the prices hold.
func (s *Service) keepable(ctx context.Context, tx *store.Tx, actor account.Actor, id, key string) (*Quote, error) {
	q, keyHash, err := findQuote(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	mine := actor.SignedIn() && q.uid == actor.UID
	if !mine && subtle.ConstantTimeCompare([]byte(store.HashToken(key)), []byte(keyHash)) != 1 {
		return nil, errNoQuote()
	}
	if q.uid != "" && !mine {
		return nil, errNoQuote() // kept by an account: that account's alone
	}
	if s.expired(q) {
		return nil, apperr.Errorf(apperr.EINVALID, "Ces prix ne sont plus valables depuis le %s. Refaites votre demande de prix\u00a0: elle prend deux minutes.", q.ValidUntil)
	}
	return q, nil
}

// expired tells whether q's prices no longer hold today.
func (s *Service) expired(q *Quote) bool {
	return pricing.DateOf(s.now().In(s.cal.Location())).String() > q.ValidUntil
}

// keep keeps q for actor (or email); tell records the e-mail that gives
// the prices (PricesKept), which the broker's own pricings leave to the
// notice they belong to.
func (s *Service) keep(ctx context.Context, tx *store.Tx, actor account.Actor, q *Quote, email string, k Keeping, tell bool) error {
	now := s.now()
	chosen, err := chosenPrice(q, k.Chosen)
	if err != nil {
		return err
	}
	q.Chosen, q.Consent = chosen.ID, k.Consent || q.Consent
	if actor.SignedIn() {
		q.uid, q.Email = actor.UID, actor.Email
	} else {
		q.Email = email
	}
	if q.KeptAt == nil {
		q.KeptAt = &now
	}
	if err := s.lead(ctx, tx, actor, q, chosen, now); err != nil {
		return err
	}
	if err := updateKept(ctx, tx, q); err != nil {
		return err
	}
	if !tell {
		return nil
	}
	t, err := s.tariff()
	if err != nil {
		return err
	}
	p := event.PricesPayload{
		Recipient: event.Recipient{Email: q.Email, Name: actor.Name}, Quote: q.ID, Ref: q.Ref,
		Product: t.ProductLabel(q.Product), Chosen: chosenLine(chosen), ValidUntil: validUntil(q, s.cal.Location()),
	}
	if !actor.SignedIn() {
		token, hash, err := store.NewToken()
		if err != nil {
			return err
		}
		if err := insertLink(ctx, tx, hash, q.ID, now); err != nil {
			return err
		}
		p.Token = token
	}
	return event.Record(ctx, tx, event.PricesKept, event.RequestAggregate(q.requestID), p, now)
}

// lead opens the quote's lead in the desk, or records the new choice on it.
func (s *Service) lead(ctx context.Context, tx *store.Tx, actor account.Actor, q *Quote, chosen *pricing.Price, now time.Time) error {
	t, err := s.tariff()
	if err != nil {
		return err
	}
	summary := t.ProductLabel(q.Product) + " · " + chosen.Formula + " chez " + chosen.Insurer
	if q.VehicleDescribed {
		summary += " · véhicule hors catalogue"
	}
	if q.requestID != "" {
		return s.desk.Record(ctx, tx, actor, q.requestID, "kept", "Prix gardés de nouveau\u00a0: "+summary+consentNote(q.Consent))
	}
	var due time.Time
	if q.Consent {
		due = s.cal.AddWorkingHours(now, s.hours)
	}
	r, err := s.desk.Open(ctx, tx, actor, desk.Draft{
		ID: rand.Text(), Kind: desk.KindOnline, UID: q.uid, Name: actor.Name, Email: q.Email,
		Product: q.Product, Summary: summary + consentNote(q.Consent), Due: due, ProductTitle: t.ProductLabel(q.Product),
	})
	if err != nil {
		return err
	}
	q.requestID, q.Ref = r.ID, r.Ref
	return nil
}

func consentNote(consent bool) string {
	if consent {
		return " · rappel accepté"
	}
	return " · sans rappel"
}

// chosenPrice is the price of q named id, or the recommended one.
func chosenPrice(q *Quote, id string) (*pricing.Price, error) {
	if id == "" && q.Recommended != nil {
		id = q.Recommended.ID
	}
	for i := range q.Prices {
		if q.Prices[i].ID == id {
			return &q.Prices[i], nil
		}
	}
	return nil, apperr.FieldErrorf("chosen", "Choisissez l’une des formules proposées.")
}

// chosenLine is « Tiers étendu chez Mutuelle Fictive de l’Ouest, 41,20 € par mois ».
func chosenLine(p *pricing.Price) string {
	line := p.Formula + " chez " + p.Insurer + ", "
	if p.MonthlyCents > 0 {
		return line + pricing.Euros(p.MonthlyCents) + " par mois"
	}
	return line + pricing.Euros(p.YearlyCents)
}

// validUntil is the end of q's last valid day in loc.
func validUntil(q *Quote, loc *time.Location) time.Time {
	d, err := time.ParseInLocation(time.DateOnly, q.ValidUntil, loc)
	if err != nil {
		return time.Time{}
	}
	return d
}

// Adopt gives the account uid the prices a visitor kept by e-mail at
// email, its address just confirmed, with their leads: « Mes prix » then
// finds them and « Souscrire » works signed in. Prices kept by another
// account stay its own; expired ones are left to the purge.
func (s *Service) Adopt(ctx context.Context, tx *store.Tx, uid, email string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, COALESCE(request_id, '') FROM price_quotes
		WHERE uid IS NULL AND email = ? AND kept_at IS NOT NULL`, email)
	if err != nil {
		return fmt.Errorf("prix gardés par e-mail: %w", err)
	}
	var ids, leads []string
	for rows.Next() {
		var id, lead string
		if err := rows.Scan(&id, &lead); err != nil {
			rows.Close()
			return fmt.Errorf("prix gardés par e-mail: %w", err)
		}
		ids, leads = append(ids, id), append(leads, lead)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	owner := account.Actor{UID: uid, Name: email, Email: email}
	for i, id := range ids {
		if _, err := tx.ExecContext(ctx, "UPDATE price_quotes SET uid = ? WHERE id = ? AND uid IS NULL", uid, id); err != nil {
			return fmt.Errorf("prix rattachés au compte: %w", err)
		}
		if leads[i] != "" {
			if err := s.desk.Attach(ctx, tx, owner, leads[i]); err != nil {
				return err
			}
		}
	}
	if len(ids) > 0 {
		s.log.Info("prix gardés par e-mail rattachés au compte", "uid", uid, "quotes", len(ids))
	}
	return nil
}

// OpenLink is what the holder of the e-mail's link token reads: the
// prices, given first to actor when AdoptLink does. Each opening counts
// among the links a client address may try (ratelimit.AccountLinks,
// shared with the account's links), so that links cannot be guessed.
func (s *Service) OpenLink(ctx context.Context, actor account.Actor, token string) (*Quote, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.AccountLinks, "Vous avez essayé plusieurs liens en peu de temps."); err != nil {
		return nil, err
	}
	if err := s.AdoptLink(ctx, actor, token); err != nil {
		return nil, err
	}
	return s.ByLink(ctx, token)
}

// AdoptLink gives actor, signed in, the prices of the e-mail's link they
// hold when the link was sent to their account's address: opening the
// mail proves the address as its confirmation would, even for an account
// confirmed before the prices were kept. Other links change nothing.
func (s *Service) AdoptLink(ctx context.Context, actor account.Actor, token string) error {
	if !actor.SignedIn() || token == "" {
		return nil
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var email string
		err := tx.QueryRowContext(ctx, `SELECT COALESCE(email, '') FROM price_quotes
			WHERE id = (SELECT quote_id FROM price_links WHERE hash = ?) AND uid IS NULL`, store.HashToken(token)).Scan(&email)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && email != actor.Email) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("lien vers des prix: %w", err)
		}
		return s.Adopt(ctx, tx, actor.UID, email)
	})
	if err != nil {
		return s.fail("prix rattachés au compte", err, "uid", actor.UID)
	}
	return nil
}

// KeepFor prices in as of the day on and keeps the prices in the account
// of owner at once: the broker's own pricing of a client's risk (the
// avis d'échéance's comparison of every insurer's formulas), shown in
// « Mes prix » and a lead of the desk like any kept price. It counts in
// no visitor's rate limit and sends no e-mail of its own: the notice that
// asked for it carries its link.
func (s *Service) KeepFor(ctx context.Context, owner account.Actor, in Ask, on pricing.Date) (*Quote, error) {
	if !owner.SignedIn() {
		return nil, errors.New("prix gardés pour un client: compte requis")
	}
	q, key, err := s.price(ctx, in, on)
	if err != nil {
		return nil, err
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		if q, err = s.keepable(ctx, tx, owner, q.ID, key); err != nil {
			return err
		}
		return s.keep(ctx, tx, owner, q, "", Keeping{Key: key}, false)
	})
	if err != nil {
		return nil, s.fail("prix gardés pour un client", err, "uid", owner.UID)
	}
	s.log.Info("prix gardés pour un client", "id", q.ID, "uid", owner.UID, "lead", q.Ref)
	return q, nil
}
