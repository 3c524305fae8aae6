package contract

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/event"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// The limits of the signature code.
const (
	CodeLife     = 10 * time.Minute
	CodeAttempts = 5
	// CodeResend is the least time between two sendings, CodeSends the
	// most sendings in CodeWindow.
	CodeResend = time.Minute
	CodeSends  = 5
	CodeWindow = 24 * time.Hour
)

// Client is where a request came from: the evidence of a signature.
type Client struct {
	IP        string `json:"ip"`
	UserAgent string `json:"userAgent"`
}

// CodeSent says where and until when the signature code holds.
type CodeSent struct {
	SentTo string    `json:"sentTo"`
	SentAt time.Time `json:"sentAt"`
	// ExpiresAt is when the code stops holding.
	ExpiresAt time.Time `json:"expiresAt"`
	// ResendAt is when another code may be asked.
	ResendAt time.Time `json:"resendAt"`
}

// code is a signature code row.
type code struct {
	hash, sentTo           string
	sentAt, expires, first time.Time
	attempts, sends        int
}

// SendCode sends the signature code of a contract ready to sign to its
// holder's e-mail (POST /api/contracts/{id}/signature-code).
func (s *Service) SendCode(ctx context.Context, actor account.Actor, id string) (*CodeSent, error) {
	var sent CodeSent
	if err := s.ensureDrafts(ctx, id); err != nil {
		return nil, s.fail("code de signature", err, "id", id)
	}
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := s.signable(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if docs, err := listDocuments(ctx, tx, id); err != nil || len(docs) == 0 {
			return cmpErr(err, apperr.Errorf(apperr.EUNAVAILABLE, "Vos documents sont en préparation : réessayez dans un instant."))
		}
		now := s.now()
		k, digits, err := newCode(ctx, tx, c.ID, c.ID, actor.Email, now)
		if err != nil {
			return err
		}
		sent = codeSent(&k)
		p := s.payload(c, "")
		p.Recipient.Email, p.Code, p.Date = actor.Email, digits, k.expires
		return event.Record(ctx, tx, event.ContractCodeSent, event.ContractAggregate(c.ID), p, now)
	})
	if err != nil {
		return nil, s.fail("code de signature", err, "uid", actor.UID, "id", id)
	}
	return &sent, nil
}

// newCode makes and saves the signature code of contract id, sent to
// email at now, its hash bound to subject: the contract's id for its
// signature, an amendment's for that amendment's (a code never signs
// anything else). The resend delay and the sendings a day count for the
// contract, whatever the code signs. It gives the digits to send.
func newCode(ctx context.Context, tx *store.Tx, id, subject, email string, now time.Time) (code, string, error) {
	old, err := findCode(ctx, tx, id)
	if err != nil {
		return code{}, "", err
	}
	sends, first := 1, now
	if old != nil {
		if wait := old.sentAt.Add(CodeResend); now.Before(wait) {
			return code{}, "", &apperr.Error{Code: apperr.ETOOMANY, RetryAfter: wait.Sub(now),
				Message: "Un code est déjà en cours d’envoi\u00a0: attendez une minute avant d’en demander un autre."}
		}
		if now.Sub(old.first) < CodeWindow {
			sends, first = old.sends+1, old.first
		}
		if sends > CodeSends {
			return code{}, "", &apperr.Error{Code: apperr.ETOOMANY, RetryAfter: old.first.Add(CodeWindow).Sub(now),
				Message: fmt.Sprintf("Vous avez demandé %d\u00a0codes aujourd’hui\u00a0: réessayez demain ou écrivez-nous.", CodeSends)}
		}
	}
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return code{}, "", err
	}
	digits := fmt.Sprintf("%06d", n.Int64())
	k := code{hash: codeHash(subject, digits), sentTo: email, sentAt: now, expires: now.Add(CodeLife), first: first, sends: sends}
	if err := saveCode(ctx, tx, id, k); err != nil {
		return code{}, "", err
	}
	return k, digits, nil
}

// codeSent is what the client may know of code k.
func codeSent(k *code) CodeSent {
	return CodeSent{SentTo: maskEmail(k.sentTo), SentAt: k.sentAt, ExpiresAt: k.expires, ResendAt: k.sentAt.Add(CodeResend)}
}

// pendingCode is the code of contract c that still holds at now (sent
// less than CodeLife ago, tries left), so a page reloaded meanwhile
// offers its field again; nil when none.
func pendingCode(ctx context.Context, tx *store.Tx, c *Contract, now time.Time) (*CodeSent, error) {
	k, err := findCode(ctx, tx, c.ID)
	if err != nil || k == nil || !now.Before(k.expires) || k.attempts >= CodeAttempts {
		return nil, err
	}
	sent := codeSent(k)
	return &sent, nil
}

// signable reads actor's contract id, waiting for its signature and
// complete; the field errors say what is missing.
func (s *Service) signable(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*Contract, error) {
	c, err := s.own(ctx, tx, actor, id)
	if err != nil {
		return nil, err
	}
	if c.Status != StatusPending {
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce contrat est déjà signé.")
	}
	if s.now().Sub(c.CreatedAt) > PendingLife {
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce projet de contrat a plus de 30\u00a0jours\u00a0: son prix n’est plus garanti. Refaites votre demande de prix.")
	}
	if m := s.missing(c); len(m) > 0 {
		bad := make([]apperr.FieldMessage, len(m))
		for i, f := range m {
			bad[i] = apperr.FieldMessage{Field: f, Message: missingMessages[f]}
		}
		return nil, &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	start, _ := time.Parse(layout, c.StartDate)
	if err := s.checkStart(c, start); err != nil {
		return nil, err
	}
	return c, nil
}

var missingMessages = map[string]string{
	"address":      "Indiquez votre adresse.",
	"postalCode":   "Indiquez votre code postal.",
	"city":         "Indiquez votre ville.",
	"registration": "Indiquez l’immatriculation du véhicule.",
}

func codeHash(id, digits string) string { return store.HashToken(id + ":" + digits) }

// maskEmail is « j•••@exemple.fr ».
func maskEmail(e string) string {
	at := strings.IndexByte(e, '@')
	if at < 1 {
		return e
	}
	r, _ := utf8.DecodeRuneInString(e)
	return string(r) + "•••" + e[at:]
}

func findCode(ctx context.Context, tx *store.Tx, id string) (*code, error) {
	var k code
	var sent, expires, first string
	err := tx.QueryRowContext(ctx, `SELECT code_hash, sent_to, sent_at, expires_at, attempts, sends, first_sent_at
		FROM signature_codes WHERE contract_id = ?`, id).Scan(&k.hash, &k.sentTo, &sent, &expires, &k.attempts, &k.sends, &first)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("code de signature: %w", err)
	}
	for _, p := range []struct {
		s   string
		dst *time.Time
	}{{sent, &k.sentAt}, {expires, &k.expires}, {first, &k.first}} {
		if *p.dst, err = store.ParseTime(p.s); err != nil {
			return nil, err
		}
	}
	return &k, nil
}

func saveCode(ctx context.Context, tx *store.Tx, id string, k code) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO signature_codes (contract_id, code_hash, sent_to, sent_at, expires_at, attempts, sends, first_sent_at)
		VALUES (?, ?, ?, ?, ?, 0, ?, ?) ON CONFLICT (contract_id) DO UPDATE SET code_hash = excluded.code_hash, sent_to = excluded.sent_to,
		sent_at = excluded.sent_at, expires_at = excluded.expires_at, attempts = 0, sends = excluded.sends, first_sent_at = excluded.first_sent_at`,
		id, k.hash, k.sentTo, store.FormatTime(k.sentAt), store.FormatTime(k.expires), k.sends, store.FormatTime(k.first))
	if err != nil {
		return fmt.Errorf("code de signature: %w", err)
	}
	return nil
}

// checkCode checks digits against contract id's code made for subject
// (newCode): the code must be the last sent, unexpired, with tries left;
// a wrong one spends a try. It returns the code's row for the evidence.
func checkCode(ctx context.Context, tx *store.Tx, id, subject, digits string, now time.Time) (*code, bool, error) {
	k, err := findCode(ctx, tx, id)
	if err != nil {
		return nil, false, err
	}
	switch {
	case k == nil:
		return nil, false, apperr.FieldErrorf("code", "Demandez d’abord un code de signature.")
	case !now.Before(k.expires):
		return nil, false, apperr.FieldErrorf("code", "Ce code a expiré (il vaut 10\u00a0minutes)\u00a0: demandez-en un nouveau.")
	case k.attempts >= CodeAttempts:
		return nil, false, apperr.FieldErrorf("code", "Trop d’essais pour ce code\u00a0: demandez-en un nouveau.")
	}
	if subtle.ConstantTimeCompare([]byte(codeHash(subject, strings.TrimSpace(digits))), []byte(k.hash)) == 1 {
		return k, true, nil
	}
	k.attempts++
	if _, err := tx.ExecContext(ctx, "UPDATE signature_codes SET attempts = ? WHERE contract_id = ?", k.attempts, id); err != nil {
		return nil, false, fmt.Errorf("code de signature: %w", err)
	}
	left := CodeAttempts - k.attempts
	if left == 0 {
		return k, false, apperr.FieldErrorf("code", "Ce code n’est pas le bon, et c’était le dernier essai\u00a0: demandez un nouveau code.")
	}
	return k, false, apperr.FieldErrorf("code", "Ce code n’est pas le bon\u00a0: vérifiez le dernier e-mail reçu (%d\u00a0%s).", left, plural(left, "essai restant", "essais restants"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Signing is what the client gives to sign (POST
// /api/contracts/{id}/signature): the code received, the account to debit
// and what they ticked (Accept, the kinds of documents read, and "sepa"
// for the mandate).
type Signing struct {
	Code   string   `json:"code"`
	Holder string   `json:"holder"`
	IBAN   string   `json:"iban"`
	BIC    string   `json:"bic"`
	Accept []string `json:"accept"`
	Client Client   `json:"-"`
}

// checkSigning checks the mandate's holder and account and the ticks.
func checkSigning(sg *Signing, drafts []Document) error {
	var bad []apperr.FieldMessage
	add := func(f, m string) { bad = append(bad, apperr.FieldMessage{Field: f, Message: m}) }
	checkAccount(sg, add)
	ticked := map[string]bool{}
	for _, a := range sg.Accept {
		ticked[a] = true
	}
	for _, d := range drafts {
		if !ticked[d.Kind] {
			add("accept", "Cochez chaque case après avoir lu le document\u00a0: «\u00a0"+d.Title+"\u00a0».")
			break
		}
	}
	if !ticked["sepa"] {
		add("accept", "Cochez l’autorisation de prélèvement SEPA.")
	}
	if len(bad) > 0 {
		return &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	return nil
}

// checkAccount checks and normalizes the account sg names (its holder,
// IBAN and BIC), for a mandate and for an amendment of the account.
func checkAccount(sg *Signing, add func(field, msg string)) {
	sg.Holder = strings.Join(strings.Fields(sg.Holder), " ")
	if sg.Holder == "" || utf8.RuneCountInString(sg.Holder) > 70 {
		add("holder", "Indiquez le titulaire du compte (70\u00a0caractères au plus).")
	}
	if err := sepa.ValidateIBAN(sg.IBAN); err != nil {
		add("iban", apperr.MessageOf(err))
	}
	sg.IBAN = sepa.NormalizeIBAN(sg.IBAN)
	if sg.BIC = sepa.NormalizeBIC(sg.BIC); sg.BIC != "" {
		if err := sepa.ValidateBIC(sg.BIC); err != nil {
			add("bic", apperr.MessageOf(err))
		}
	}
}

// cmpErr is err, or other when err is nil.
func cmpErr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}
