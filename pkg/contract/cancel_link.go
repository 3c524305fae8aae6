package contract

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/input"
	"courtier/pkg/ratelimit"
	"courtier/pkg/store"
)

// « Résilier votre contrat » without an account (décret 2023-182): the
// holder gives the identification the decree lists (name, contract
// number, e-mail), the reason, and confirms by the link mailed to the
// contract's address. The answer is the same whether the contract exists
// and matches or not, so that the form tells nobody which contracts exist.
const (
	// CancelLinkValid is how long the confirmation link works.
	CancelLinkValid = 24 * time.Hour
	// cancelLinksPerHour bounds the links mailed for one contract.
	cancelLinksPerHour = 3
	// askFloor is the least time AskCancellation takes, whatever it finds,
	// so that its duration does not tell either.
	askFloor = 400 * time.Millisecond
)

// CancelRequest is a cancellation asked without an account (POST
// /api/cancellations).
type CancelRequest struct {
	ContractNumber string `json:"contractNumber"`
	LastName       string `json:"lastName"`
	Email          string `json:"email"`
	Reason         string `json:"reason"`
	Text           string `json:"text"`
}

// CancelReceipt is what the confirmation link answers: the contract and
// the day its cover ends.
type CancelReceipt struct {
	Number        string `json:"number"`
	ProductLabel  string `json:"productLabel"`
	EffectiveDate string `json:"effectiveDate"`
}

var numberPattern = regexp.MustCompile(`^` + NumberPrefix + `-\d{4}-\d{6}$`)

var lastNameField = input.Field{Name: "lastName", Max: 100,
	Required: "Indiquez votre nom de famille, tel qu’il figure sur le contrat.",
	TooLong:  "Le nom de famille tient en 100\u00a0caractères au plus.",
	Invalid:  "Le nom de famille contient des caractères non acceptés."}

// check cleans r, or answers every field that is wrong. Nothing here
// depends on the contract: an error tells nothing of it.
func (r *CancelRequest) check() error {
	var bad []apperr.FieldMessage
	add := func(f, m string) { bad = append(bad, apperr.FieldMessage{Field: f, Message: m}) }
	r.ContractNumber = strings.ToUpper(strings.Join(strings.Fields(r.ContractNumber), ""))
	switch {
	case r.ContractNumber == "":
		add("contractNumber", "Indiquez le numéro de votre contrat.")
	case !numberPattern.MatchString(r.ContractNumber):
		add("contractNumber", "Le numéro de contrat s’écrit comme sur vos documents, par exemple "+NumberPrefix+"-2026-000123.")
	}
	var err error
	if r.LastName, err = lastNameField.Clean(r.LastName); err != nil {
		add("lastName", apperr.MessageOf(err))
	}
	if r.Email, err = account.NormalizeEmail(r.Email); err != nil {
		add("email", apperr.MessageOf(err))
	}
	switch r.Reason {
	case ReasonTerm, ReasonHamon:
		r.Text = ""
	case ReasonOther:
		r.Text = strings.TrimSpace(r.Text)
		if r.Text == "" || len([]rune(r.Text)) > 1000 {
			add("text", "Dites en quelques mots le motif de votre résiliation (1\u00a0000\u00a0caractères au plus).")
		}
	default:
		add("reason", "Choisissez le motif de la résiliation.")
	}
	if len(bad) > 0 {
		return &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	return nil
}

// AskCancellation checks r and, when it names a contract that may be
// cancelled whose holder has that last name and that address, mails the
// holder a link confirming it. Bad input is a field error; otherwise the
// answer is nil, after the same time, whatever was found.
func (s *Service) AskCancellation(ctx context.Context, r CancelRequest) error {
	// The links mailed are bounded as the account links are, in a bucket
	// of their own so that one does not spend the other.
	if err := s.limits.AllowClient(ctx, ratelimit.Cancellations, "Vous avez fait plusieurs demandes de résiliation en peu de temps."); err != nil {
		return err
	}
	if err := r.check(); err != nil {
		return err
	}
	start := time.Now()
	defer waitUntil(ctx, start.Add(askFloor))
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		list, err := listContracts(ctx, tx, "number = ?", r.ContractNumber)
		if err != nil || len(list) == 0 {
			return err
		}
		c := list[0]
		if !s.holds(c, r) || canCancel(c) != nil {
			return nil
		}
		now := s.now()
		n, err := countCancelLinks(ctx, tx, c.ID, now.Add(-time.Hour))
		if err != nil || n >= cancelLinksPerHour {
			return err
		}
		k := Cancellation{Reason: r.Reason, Text: r.Text}
		p, err := s.endOf(ctx, tx, c, &k)
		if apperr.CodeOf(err) == apperr.EINVALID && k.Reason == ReasonHamon {
			// The loi Hamon does not apply yet (or to this product): the
			// holder learns why by the mail, and may confirm at the term.
			note := apperr.MessageOf(err)
			k.Reason = ReasonTerm
			if p, err = s.endOf(ctx, tx, c, &k); err == nil {
				p.Rule = note + " " + p.Rule
			}
		}
		if err != nil {
			return err
		}
		token, hash, err := store.NewToken()
		if err != nil {
			return err
		}
		if err := insertCancelLink(ctx, tx, hash, c.ID, k, now, now.Add(CancelLinkValid)); err != nil {
			return err
		}
		pl := s.payload(c, p.Rule)
		pl.Token = token
		pl.Date, _ = time.ParseInLocation(layout, p.Date, s.loc)
		return event.Record(ctx, tx, event.ContractCancelLinkSent, event.ContractAggregate(c.ID), pl, now)
	})
	if err != nil {
		return s.fail("demande de résiliation sans compte", err)
	}
	return nil
}

// holds tells whether r names c's holder: the same address, and a last
// name that ends the holder's name, accents, case and hyphens aside.
func (s *Service) holds(c *Contract, r CancelRequest) bool {
	addr, err := account.NormalizeEmail(c.Holder.Email)
	if err != nil || addr != r.Email {
		return false
	}
	full, last := foldName(c.Holder.Name), foldName(r.LastName)
	return last != "" && (full == last || strings.HasSuffix(full, " "+last))
}

// foldName is a name as compared: lower case, no accents, words apart.
func foldName(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, strings.ToLower(s))
	if err != nil {
		return ""
	}
	return strings.Join(strings.FieldsFunc(out, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// ConfirmCancellation uses the link of a cancellation asked without an
// account: the cancellation is recorded as the signed-in one is, with its
// acknowledgement mailed. A link serves once.
func (s *Service) ConfirmCancellation(ctx context.Context, token string) (*CancelReceipt, error) {
	if err := s.limits.AllowClient(ctx, ratelimit.Cancellations, "Vous avez essayé plusieurs liens en peu de temps."); err != nil {
		return nil, err
	}
	var out *CancelReceipt
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		now := s.now()
		l, err := findCancelLink(ctx, tx, store.HashToken(token))
		if errors.Is(err, sql.ErrNoRows) || (err == nil && (l.used || now.After(l.expires))) {
			return errBadCancelLink()
		}
		if err != nil {
			return err
		}
		if ok, err := useCancelLink(ctx, tx, l.hash, now); err != nil || !ok {
			return cmpErr(err, errBadCancelLink())
		}
		c, err := findContract(ctx, tx, l.contract)
		if err != nil {
			return err
		}
		if err := canCancel(c); err != nil {
			return err
		}
		holder := account.Actor{Name: c.Holder.Name}
		if err := s.cancelIn(ctx, tx, holder, c, l.k, " par le lien envoyé à "+c.Holder.Email); err != nil {
			return err
		}
		out = &CancelReceipt{Number: c.Number, ProductLabel: s.tariff().ProductLabel(c.Product), EffectiveDate: c.Ending.Date}
		return nil
	})
	if err != nil {
		return nil, s.fail("confirmation de résiliation", err)
	}
	return out, nil
}

// errBadCancelLink answers a link unknown, used or expired alike.
func errBadCancelLink() error {
	return apperr.FieldErrorf("token", "Ce lien n’est plus valable\u00a0: il a déjà servi ou il a expiré. Refaites la demande de résiliation.")
}

// waitUntil waits until t, or ctx ends.
func waitUntil(ctx context.Context, t time.Time) {
	timer := time.NewTimer(time.Until(t))
	defer timer.Stop()
	select {
	case <-ctx.Done():
	case <-timer.C:
	}
}

// cancelLink is a row of cancellation_links.
type cancelLink struct {
	hash, contract string
	k              Cancellation
	expires        time.Time
	used           bool
}

func insertCancelLink(ctx context.Context, tx *store.Tx, hash, contract string, k Cancellation, now, expires time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO cancellation_links (hash, contract_id, reason, text, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`, hash, contract, k.Reason, k.Text, store.FormatTime(now), store.FormatTime(expires))
	if err != nil {
		return fmt.Errorf("lien de résiliation: %w", err)
	}
	return nil
}

func findCancelLink(ctx context.Context, tx *store.Tx, hash string) (*cancelLink, error) {
	l := cancelLink{hash: hash}
	var expires string
	var used sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT contract_id, reason, text, expires_at, used_at FROM cancellation_links WHERE hash = ?`, hash).
		Scan(&l.contract, &l.k.Reason, &l.k.Text, &expires, &used)
	if err != nil {
		return nil, err
	}
	l.used = used.Valid
	if l.expires, err = store.ParseTime(expires); err != nil {
		return nil, err
	}
	return &l, nil
}

// useCancelLink marks the link used; false when another request took it first.
func useCancelLink(ctx context.Context, tx *store.Tx, hash string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, "UPDATE cancellation_links SET used_at = ? WHERE hash = ? AND used_at IS NULL", store.FormatTime(now), hash)
	if err != nil {
		return false, fmt.Errorf("utilisation du lien de résiliation: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func countCancelLinks(ctx context.Context, tx *store.Tx, contract string, since time.Time) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT count(*) FROM cancellation_links WHERE contract_id = ? AND created_at > ?",
		contract, store.FormatTime(since)).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("liens de résiliation envoyés: %w", err)
	}
	return n, nil
}
