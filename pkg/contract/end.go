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
	"courtier/pkg/store"
)

// Cancellation is what the client asks (POST
// /api/contracts/{id}/cancellation): the reason (term, hamon, other) and,
// for other, their words. Preview computes the date without asking.
type Cancellation struct {
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

// EndPreview is the date a cancellation would take effect, and the rule
// that gives it, shown before the client confirms.
type EndPreview struct {
	Reason string `json:"reason"`
	Date   string `json:"date"`
	Rule   string `json:"rule"`
}

// cancellable reads actor's contract id if it may be cancelled.
func (s *Service) cancellable(ctx context.Context, tx *store.Tx, actor account.Actor, id string) (*Contract, error) {
	c, err := s.own(ctx, tx, actor, id)
	if err != nil {
		return nil, err
	}
	return c, canCancel(c)
}

// canCancel says why c may not be cancelled now, nil when it may.
func canCancel(c *Contract) error {
	switch c.Status {
	case StatusActive, StatusAwaiting:
		return nil
	case StatusPending:
		return apperr.Errorf(apperr.ECONFLICT, "Ce contrat n’est pas signé\u00a0: il n’y a rien à résilier.")
	case StatusCancelRequested:
		return apperr.Errorf(apperr.ECONFLICT, "La résiliation de ce contrat est déjà demandée\u00a0: il prend fin le %s.", frDay(c.Ending.Date))
	case StatusSuspended:
		return apperr.Errorf(apperr.ECONFLICT, "Les garanties de ce contrat sont suspendues pour non-paiement\u00a0: réglez la somme due, ou appelez-nous, avant de le résilier.")
	}
	return apperr.Errorf(apperr.ECONFLICT, "Ce contrat est « %s »\u00a0: il n’y a rien à résilier.", c.Status.Label())
}

// endOf computes the effective date of cancellation k of c today: the
// rule of its reason (endDate), or the late rules of L113-15-1 when an
// avis d'échéance was sent late or never and they end it sooner.
func (s *Service) endOf(ctx context.Context, tx *store.Tx, c *Contract, k *Cancellation) (*EndPreview, error) {
	k.Text = strings.TrimSpace(k.Text)
	if k.Reason == ReasonOther && (k.Text == "" || utf8.RuneCountInString(k.Text) > 1000) {
		return nil, apperr.FieldErrorf("text", "Dites en quelques mots le motif de votre résiliation (1\u00a0000\u00a0caractères au plus).")
	}
	start, err := time.Parse(layout, c.StartDate)
	if err != nil {
		return nil, err
	}
	spec, today := s.spec(c.Product), s.today()
	end, err := endDate(spec.Hamon || spec.Health, k.Reason, start, today)
	if err != nil {
		if spec.Health && k.Reason == ReasonHamon && addMonths(start, 12).After(today) {
			return nil, healthError(start)
		}
		return nil, err
	}
	p := &EndPreview{Reason: k.Reason, Date: end.Format(layout), Rule: ruleOf(spec.Hamon || spec.Health, k.Reason, start, today)}
	if spec.Health && p.Rule == ruleOf(true, ReasonHamon, start, today) {
		p.Rule = healthRule // the loi Hamon's delay, under the health law
	}
	if k.Reason == ReasonTerm || k.Reason == ReasonOther {
		late, rule, ok, err := s.lateEnd(ctx, tx, c, today)
		if err != nil {
			return nil, err
		}
		if ok && late.Before(end) {
			p.Date, p.Rule = late.Format(layout), rule
		}
	}
	return p, nil
}

// healthRule is the rule of a health contract's cancellation after a
// year (loi 2019-733).
const healthRule = "Résiliation d’une assurance santé après un an (loi n°\u00a02019-733 du 14\u00a0juillet 2019, article L113-15-2 du code des assurances)\u00a0: la résiliation prend effet un mois après que l’assureur en est informé."

// healthError says when a health contract may be ended at any time.
func healthError(start time.Time) error {
	return apperr.FieldErrorf("reason", "Une assurance santé peut être résiliée à tout moment après un an de contrat, soit à partir du %s\u00a0: d’ici là, choisissez la résiliation à l’échéance.", frDate(addMonths(start, 12)))
}

// ruleOf says in French which rule gives the date.
func ruleOf(hamonProduct bool, reason string, start, today time.Time) string {
	hamon := hamonProduct && !addMonths(start, 12).After(today)
	if reason == ReasonHamon || (reason == ReasonOther && hamon) {
		return "Loi Hamon (article L113-15-2 du code des assurances)\u00a0: la résiliation prend effet un mois après que l’assureur en est informé."
	}
	return "À l’échéance annuelle (article L113-12 du code des assurances), si la demande parvient au moins deux mois avant\u00a0; sinon à l’échéance suivante."
}

// PreviewCancellation gives the date a cancellation would take effect.
func (s *Service) PreviewCancellation(ctx context.Context, actor account.Actor, id string, k Cancellation) (*EndPreview, error) {
	var p *EndPreview
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := s.cancellable(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		p, err = s.endOf(ctx, tx, c, &k)
		return err
	})
	if err != nil {
		return nil, s.fail("date de résiliation", err, "uid", actor.UID, "id", id)
	}
	return p, nil
}

// Cancel records a cancellation (L113-14: « Résilier votre contrat »): the
// contract runs until the effective date, its later debits are cancelled,
// and the client receives the acknowledgement by e-mail with the date.
func (s *Service) Cancel(ctx context.Context, actor account.Actor, id string, k Cancellation) (*Contract, error) {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := s.cancellable(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		return s.cancelIn(ctx, tx, actor, c, k, "")
	})
	if err != nil {
		return nil, s.fail("résiliation", err, "uid", actor.UID, "id", id)
	}
	return s.Get(ctx, actor, id)
}

// cancelIn records cancellation k of c, whoever asked it (signed in, or
// by the link mailed to the holder): the end date, the debits after it
// cancelled, the history and the acknowledgement. how, when given, says
// in the history how the request was made.
func (s *Service) cancelIn(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, k Cancellation, how string) error {
	p, err := s.endOf(ctx, tx, c, &k)
	if err != nil {
		return err
	}
	now := s.now()
	c.Ending = &Ending{Reason: k.Reason, Text: k.Text, AskedAt: now, Date: p.Date}
	if err := s.moveTo(ctx, tx, c, StatusCancelRequested, now); err != nil {
		return err
	}
	if err := cancelDebits(ctx, tx, c.ID, p.Date); err != nil {
		return err
	}
	label := reasonLabel(k.Reason)
	if k.Reason == ReasonHamon && s.spec(c.Product).Health {
		label = "assurance santé après un an"
	}
	detail := "Résiliation demandée (" + label + ")" + how + "\u00a0: fin du contrat le " + frDay(p.Date)
	if err := s.record(ctx, tx, actor, c, "cancel_requested", detail, now); err != nil {
		return err
	}
	return s.publish(ctx, tx, c, event.ContractCancelRequested, p.Rule, now)
}

func reasonLabel(r string) string {
	switch r {
	case ReasonTerm:
		return "à l’échéance"
	case ReasonHamon:
		return "loi Hamon"
	}
	return "autre motif"
}

// frDay writes a YYYY-MM-DD date in French.
func frDay(s string) string {
	d, err := time.Parse(layout, s)
	if err != nil {
		return s
	}
	return frDate(d)
}

// Withdraw uses the 14-day withdrawal right (L112-2-1): the cover ends
// today, the debits to come are cancelled, and what was debited beyond
// the premium due for the days covered is refunded.
func (s *Service) Withdraw(ctx context.Context, actor account.Actor, id string) (*Contract, error) {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := s.own(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if c.SignedAt != nil && !s.withdrawable(c) {
			return apperr.Errorf(apperr.ECONFLICT, "Ce contrat de moins d’un mois n’ouvre pas de délai de rétractation (article L112-2-1 du code des assurances).")
		}
		if c.SignedAt == nil || !CanMove(c.Status, StatusWithdrawn) {
			return apperr.Errorf(apperr.ECONFLICT, "Ce contrat est « %s »\u00a0: il n’y a pas de rétractation possible.", c.Status.Label())
		}
		today := s.today()
		if last := WithdrawalEnd(day(*c.SignedAt, s.loc)); today.After(last) {
			return apperr.Errorf(apperr.ECONFLICT, "Le délai de rétractation de 14\u00a0jours a pris fin le %s\u00a0: vous pouvez résilier le contrat.", frDate(last))
		}
		start, _ := time.Parse(layout, c.StartDate)
		due := DueForCover(c.YearlyCents, start, today)
		paid, err := paidDebits(ctx, tx, c.ID)
		if err != nil {
			return err
		}
		now := s.now()
		c.Ending = &Ending{Reason: "withdrawal", AskedAt: now, Date: today.Format(layout), DueCents: due, RefundCents: max(0, paid-due)}
		if err := s.moveTo(ctx, tx, c, StatusWithdrawn, now); err != nil {
			return err
		}
		if err := cancelDebits(ctx, tx, c.ID, ""); err != nil {
			return err
		}
		detail := fmt.Sprintf("Rétractation\u00a0: prime due pour la période couverte %s, remboursement %s", euros(due), euros(c.Ending.RefundCents))
		if err := s.record(ctx, tx, actor, c, "withdrawn", detail, now); err != nil {
			return err
		}
		return s.publish(ctx, tx, c, event.ContractWithdrawn, "", now)
	})
	if err != nil {
		return nil, s.fail("rétractation", err, "uid", actor.UID, "id", id)
	}
	return s.Get(ctx, actor, id)
}

// EndDue ends the contracts whose cancellation took effect by today
// (App.Run, hourly): « Résilié », and the client is told.
func (s *Service) EndDue(ctx context.Context) (int, error) { return s.endDue(ctx, s.today()) }

// endDue is EndDue as of day (the tick's renewals: a renewal refused ends
// at the anniversary instead).
func (s *Service) endDue(ctx context.Context, day time.Time) (int, error) {
	n := 0
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		// A cancellation asked before the cover was suspended for
		// non-payment still takes effect at its date.
		list, err := listContracts(ctx, tx, "(status = 'cancel_requested' OR (status = 'suspended' AND end_reason IS NOT NULL)) AND end_date <= ?",
			day.Format(layout))
		if err != nil {
			return err
		}
		now := s.tickTime(day)
		for _, c := range list {
			if err := s.moveTo(ctx, tx, c, StatusCancelled, now); err != nil {
				return err
			}
			if err := s.record(ctx, tx, account.Actor{}, c, "cancelled", "Contrat résilié le "+frDay(c.Ending.Date), now); err != nil {
				return err
			}
			if err := s.publish(ctx, tx, c, event.ContractCancelled, "", now); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// PendingLife is how long a contract waits for its signature: as long as
// the price it was made from holds; then it goes, never signed.
const PendingLife = 30 * 24 * time.Hour

// PurgeExpired deletes the contracts whose retention ended (RetentionYears
// after their cover), with their documents, evidence and supporting
// documents, the contracts never signed after PendingLife, and the files
// nothing names any more, and the cancellation links expired (App.Run,
// daily).
func (s *Service) PurgeExpired(ctx context.Context) (int, error) {
	var n int64
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		// The links of cancellations asked without an account, once they
		// can serve no more: a day after they expired.
		if _, err := tx.ExecContext(ctx, "DELETE FROM cancellation_links WHERE expires_at < ?", store.FormatTime(s.now().Add(-24*time.Hour))); err != nil {
			return fmt.Errorf("suppression des liens de résiliation: %w", err)
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM contracts WHERE (purge_after IS NOT NULL AND purge_after < ?)
			OR (status = 'pending_signature' AND created_at < ?)`, s.today().Format(layout), store.FormatTime(s.now().Add(-PendingLife)))
		if err != nil {
			return fmt.Errorf("suppression des contrats: %w", err)
		}
		if n, err = res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = blob.Purge(ctx, tx)
		return err
	})
	return int(n), err
}

// Forget is the contracts' part of an account's erasure (account.Eraser):
// the contracts never signed go, with their documents and codes, and the
// files nothing names any more; the signed ones stay, their uid set to
// NULL by the foreign key, with their documents, evidence, mandate and
// supporting documents, for RetentionYears after their cover ends
// (PurgeExpired). A contract still running is not ended by the erasure.
func (s *Service) Forget(ctx context.Context, tx *store.Tx, uid string) error {
	res, err := tx.ExecContext(ctx, "DELETE FROM contracts WHERE uid = ? AND status = ?", uid, StatusPending)
	if err != nil {
		return fmt.Errorf("contrats non signés: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	_, err = blob.Purge(ctx, tx)
	return err
}

// Kept is what an account's erasure leaves of its contracts
// (account.Keeper): each signed one, kept for RetentionYears after its
// cover ends, still covering while it runs.
func (s *Service) Kept(ctx context.Context, tx *store.Tx, uid string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, "SELECT number, product, status FROM contracts WHERE uid = ? AND status <> ? ORDER BY number", uid, StatusPending)
	if err != nil {
		return nil, fmt.Errorf("contrats conservés: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var number, product string
		var st Status
		if err := rows.Scan(&number, &product, &st); err != nil {
			return nil, fmt.Errorf("contrats conservés: %w", err)
		}
		line := fmt.Sprintf("Le contrat n°\u00a0%s (%s, « %s »), avec ses documents, sa preuve de signature et son mandat SEPA, pendant %d\u00a0ans après la fin de sa couverture.",
			number, s.tariff().ProductLabel(product), st.Label(), RetentionYears)
		if st.InForce() {
			line += " La suppression du compte ne le résilie pas\u00a0: il continue de vous couvrir et d’être prélevé."
		}
		out = append(out, line)
	}
	return out, rows.Err()
}
