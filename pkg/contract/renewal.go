package contract

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/document"
	"courtier/pkg/event"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// A yearly contract renews tacitly at each anniversary (start + 12 months
// × n, the last day of the month when its day is missing there: a start
// on 29 February renews on 28 February). Before it the client gets the
// avis d'échéance, inside the window of L113-15-1, with the new premium
// priced by the engine on that day's rating file; at the anniversary the
// contract starts a new year (period), with its debits and its proof of
// insurance, unless its client refused the renewal or it was terminated:
// it ends then. A temporary contract ends at its term.

// The delays of the avis d'échéance (L113-15-1 of the code des assurances).
const (
	// NoticeMaxMonths: the avis is sent at most 3 months before the last
	// day to refuse the renewal; the engine sends it the first day it may.
	NoticeMaxMonths = 3
	// NoticeMinDays: sent less than 15 days before that day, it is late.
	NoticeMinDays = 15
	// LateNoticeDays: a late avis gives its client 20 days from its
	// sending to refuse the renewal.
	LateNoticeDays = 20
)

// DocNotice is the avis d'échéance, sealed like the other documents.
const DocNotice = "notice"

// Period is a contract's running year (API "period"): its first and last
// days (YYYY-MM-DD).
type Period struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// Renewal is what the avis d'échéance announced for the next year (API
// "renewal"), until the contract renews.
type Renewal struct {
	NoticeSentAt time.Time `json:"noticeSentAt"`
	// Late: sent less than NoticeMinDays before the deadline.
	Late bool `json:"late"`
	// Start is the new year's first day.
	Start                string `json:"start"`
	YearlyCents          int64  `json:"yearlyCents"`
	MonthlyCents         int64  `json:"monthlyCents"`
	PreviousYearlyCents  int64  `json:"previousYearlyCents"`
	PreviousMonthlyCents int64  `json:"previousMonthlyCents"`
	// Changes are the lines of « Pourquoi ce prix ? » that changed:
	// label, this year's value, the new year's ("" when none).
	Changes  [][3]string `json:"changes"`
	Schedule []Debit     `json:"schedule"`
	// CompareURL opens the comparison the avis links to: every insurer's
	// formulas for the same risk, kept in the client's « Mes prix »
	// (/mes-prix?id=…); omitted when there is none.
	CompareURL string `json:"compareUrl,omitempty"`
	// BonusMalusNote says why the bonus-malus stays as it is: a claim
	// whose responsibility the insurer has not retained yet; omitted
	// otherwise (a coefficient that moved is among Changes).
	BonusMalusNote string `json:"bonusMalusNote,omitempty"`
}

// anniversary is the n-th anniversary of a contract started on start:
// the first day of its year n + 1.
func anniversary(start time.Time, n int) time.Time { return addMonths(start, 12*n) }

// renewalDeadline is the last day a cancellation at the term reaches the
// insurer in time for the anniversary anniv (L113-12: two months before),
// as endDate counts it: the last day whose date two months later is not
// after anniv (28 February's is 31 December, a month's end counting for
// the shorter month's).
func renewalDeadline(anniv time.Time) time.Time {
	d := addMonths(anniv, -NoticeMonths)
	for !addMonths(d.AddDate(0, 0, 1), NoticeMonths).After(anniv) {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// noticeOpens is the first day the avis of a renewal whose deadline is
// deadline may be sent.
func noticeOpens(deadline time.Time) time.Time { return addMonths(deadline, -NoticeMaxMonths) }

// noticeLate tells an avis sent on sent late for deadline: less than
// NoticeMinDays before it.
func noticeLate(sent, deadline time.Time) bool {
	return sent.After(deadline.AddDate(0, 0, -NoticeMinDays))
}

// renews tells a contract in status st that renews at its anniversary
// (a cancellation asked runs to its date, which may be later).
func renews(st Status) bool {
	return st == StatusAwaiting || st == StatusActive || st == StatusCancelRequested || st == "suspended"
}

// periodBounds are the first and last days of year n of c; a temporary
// contract has one period, its days (its last is the day its cover ends,
// the day before when it ends at midnight).
func (s *Service) periodBounds(c *Contract, n int) (from, to time.Time) {
	start, _ := time.Parse(layout, c.StartDate)
	if s.temporary(c) {
		_, end := coverPeriod(c, start, s.loc)
		return start, day(end.Add(-time.Nanosecond), s.loc)
	}
	return anniversary(start, n-1), anniversary(start, n).AddDate(0, 0, -1)
}

// firstPeriod is c's first year, as its signature makes it.
func (s *Service) firstPeriod(c *Contract) period {
	from, to := s.periodBounds(c, 1)
	return period{n: 1, start: from.Format(layout), end: to.Format(layout), yearly: c.YearlyCents, monthly: c.MonthlyCents}
}

// periodDebits are the debits of year n of c at the premium given, from
// seq: on the start day of each month counted from the contract's start
// (a 31st stays the 31st where it exists), or once a year; recurrent
// under the mandate signed.
func periodDebits(c *Contract, n int, yearly, monthly int64, seq int) []Debit {
	start, _ := time.Parse(layout, c.StartDate)
	if c.Rhythm != "monthly" || monthly <= 0 {
		return []Debit{{Seq: seq, Date: anniversary(start, n-1).Format(layout), AmountCents: yearly, Sequence: "RCUR"}}
	}
	out := make([]Debit, 12)
	for i := range out {
		out[i] = Debit{Seq: seq + i, Date: addMonths(start, 12*(n-1)+i).Format(layout), AmountCents: monthly, Sequence: "RCUR"}
	}
	return out
}

// currentTrace is « Pourquoi ce prix ? » of c's running year: the trace
// its last renewal set, else the price chosen's as the repricing at
// subscription moved it; nil for a contract from an offer.
func currentTrace(c *Contract) []string {
	if c.Risk.Trace != nil {
		return c.Risk.Trace
	}
	if c.Risk.Quoted == nil {
		return nil
	}
	out := []string{}
	r := c.Risk.Repricing
	for _, t := range c.Risk.Quoted.Trace {
		if r == nil || !slices.Contains(r.Removed, t) {
			out = append(out, t)
		}
	}
	if r != nil {
		out = append(out, r.Added...)
	}
	return out
}

// traceLabel splits a trace line into the label that names it year
// after year and its value: the label is the text before the last colon
// without what it says in brackets (« × âge du conducteur (46 ans) :
// 1,00 » is « × âge du conducteur », « 46 ans : 1,00 »); a line without
// a value is its own label.
func traceLabel(line string) (label, value string) {
	i, sep := strings.LastIndex(line, "\u00a0: "), len("\u00a0: ")
	if i < 0 {
		i, sep = strings.LastIndex(line, ": "), len(": ")
	}
	if i < 0 {
		return line, ""
	}
	label, value = line[:i], line[i+sep:]
	var kept, said strings.Builder
	depth := 0
	for _, r := range label {
		switch {
		case r == '(':
			if depth == 0 && said.Len() > 0 {
				said.WriteString("\u00a0; ")
			}
			if depth > 0 {
				said.WriteRune(r)
			}
			depth++
		case r == ')' && depth > 0:
			if depth--; depth > 0 {
				said.WriteRune(r)
			}
		case depth > 0:
			said.WriteRune(r)
		default:
			kept.WriteRune(r)
		}
	}
	label = strings.ReplaceAll(strings.Join(strings.Fields(kept.String()), " "), " ,", ",")
	if said.Len() > 0 {
		value = said.String() + "\u00a0: " + value
	}
	return label, value
}

// traceChanges are the lines of after whose label is not in before, or
// with another value, then those of before gone: label, before, after.
func traceChanges(before, after []string) [][3]string {
	old := map[string]string{}
	var order []string
	for _, l := range before {
		k, v := traceLabel(l)
		if _, ok := old[k]; !ok {
			order = append(order, k)
		}
		old[k] = v
	}
	out := [][3]string{}
	seen := map[string]bool{}
	for _, l := range after {
		k, v := traceLabel(l)
		if seen[k] {
			continue
		}
		seen[k] = true
		was, ok := old[k]
		switch {
		case !ok && v == "":
			out = append(out, [3]string{k, "", "oui"})
		case !ok:
			out = append(out, [3]string{k, "", v})
		case was != v:
			out = append(out, [3]string{k, was, v})
		}
	}
	for _, k := range order {
		if !seen[k] {
			v := old[k]
			if v == "" {
				v = "oui"
			}
			out = append(out, [3]string{k, v, ""})
		}
	}
	return out
}

// offer is the premium of c's next year and its trace.
type offer struct {
	yearly, monthly, taxes int64
	trace                  []string
	changes                [][3]string
}

// renewalOffer prices c's risk for its year starting on anniv with the
// rating file of the day: the same answers and needs, the same formula,
// ages counted to anniv, and the bonus-malus bm gives when not nil. A
// contract from an offer, or a formula the file no longer prices for its
// answers, keeps its premium (the insurer's terms are then the adviser's
// to tell).
func (s *Service) renewalOffer(c *Contract, anniv time.Time, bm *bonusMalus) offer {
	same := offer{yearly: c.YearlyCents, monthly: c.MonthlyCents, taxes: c.TaxesCents, trace: currentTrace(c), changes: [][3]string{}}
	if c.Risk.Answers == nil || c.Risk.FormulaID == "" {
		return same
	}
	var needs pricing.Needs
	if c.Risk.Needs != nil {
		needs = *c.Risk.Needs
	}
	answers := *c.Risk.Answers
	if bm != nil {
		answers = withCRM(answers, bm.CRM)
	}
	res, err := s.tariff().Price(c.Product, answers, needs, pricing.DateOf(anniv))
	if err != nil {
		s.log.Warn("avis d’échéance : prix du renouvellement refusé, cotisation inchangée", "number", c.Number, "err", err)
		return same
	}
	i := slices.IndexFunc(res.Prices, func(p pricing.Price) bool {
		return p.FormulaID == c.Risk.FormulaID && (c.Risk.InsurerID == "" || p.InsurerID == c.Risk.InsurerID)
	})
	if i < 0 {
		s.log.Warn("avis d’échéance : formule plus proposée, cotisation inchangée", "number", c.Number, "formula", c.Risk.FormulaID)
		return same
	}
	p := &res.Prices[i]
	return offer{yearly: p.YearlyCents, monthly: p.MonthlyCents, taxes: p.TaxesCents, trace: p.Trace, changes: traceChanges(same.trace, p.Trace)}
}

// rights are the ways out of c the avis recalls: refusing the renewal by
// deadline, and after a year the loi Hamon or the health right.
func (s *Service) rights(c *Contract, anniv, deadline time.Time) []string {
	out := []string{"Vous pouvez refuser le renouvellement jusqu’au " + frDate(deadline) + " inclus (article L113-12 du code des assurances)\u00a0: " +
		"votre contrat prend fin alors le " + frDate(anniv) + ". Depuis la page de votre contrat, choisissez « Résilier », motif « à l’échéance »."}
	spec := s.spec(c.Product)
	switch {
	case spec.Health:
		out = append(out, "Après un an de contrat, vous pouvez résilier votre assurance santé à tout moment, sans frais ni motif\u00a0: "+
			"la résiliation prend effet un mois après que l’assureur en est informé (loi n°\u00a02019-733 du 14\u00a0juillet 2019, article L113-15-2 du code des assurances).")
	case spec.Hamon:
		out = append(out, "Après un an de contrat, la loi Hamon vous permet de le résilier à tout moment, sans frais ni motif\u00a0: "+
			"la résiliation prend effet un mois après que l’assureur en est informé (article L113-15-2 du code des assurances). Votre nouvel assureur peut s’en charger pour vous.")
	}
	return out
}

// lateRule is what a late avis sent on sent gives (L113-15-1).
func lateRule(sent time.Time) string {
	return "Cet avis vous est envoyé moins de 15\u00a0jours avant la date limite de refus du renouvellement\u00a0: vous disposez de 20\u00a0jours à compter de son envoi, soit jusqu’au " +
		frDate(sent.AddDate(0, 0, LateNoticeDays)) + " inclus, pour refuser le renouvellement (article L113-15-1 du code des assurances)."
}

// sendNotices sends the avis d'échéance whose window opened by day and
// whose anniversary is still to come: each once (the period records it
// in the transaction that records its e-mail), late when day is less
// than NoticeMinDays before the deadline.
func (s *Service) sendNotices(ctx context.Context, day time.Time) (int, error) {
	var ids []string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		ids, err = periodsDue(ctx, tx, addMonths(day, 6).Format(layout), true)
		return err
	})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		sent, err := s.sendNotice(ctx, id, day)
		if err != nil {
			return n, err
		}
		if sent {
			n++
		}
	}
	return n, nil
}

// noticeDue reads contract id and its running year when its avis is due
// on day; nil when not.
func (s *Service) noticeDue(ctx context.Context, tx *store.Tx, id string, day time.Time) (*Contract, *period, error) {
	c, err := findContract(ctx, tx, id)
	if err != nil {
		return nil, nil, err
	}
	p, err := currentPeriod(ctx, tx, id)
	if err != nil || p == nil || p.noticeSentAt != nil || p.renewedAt != nil || !renews(c.Status) || s.temporary(c) {
		return nil, nil, err
	}
	start, _ := time.Parse(layout, c.StartDate)
	anniv := anniversary(start, p.n)
	if day.Before(noticeOpens(renewalDeadline(anniv))) || !day.Before(anniv) {
		return nil, nil, nil
	}
	if c.Status == StatusCancelRequested && c.Ending != nil && c.Ending.Date <= anniv.Format(layout) {
		return nil, nil, nil // it ends at its term: nothing renews
	}
	return c, p, nil
}

// sendNotice sends contract id's avis when due on day; sent tells it did.
// The price and the PDF are made outside any transaction.
func (s *Service) sendNotice(ctx context.Context, id string, day time.Time) (sent bool, err error) {
	var c *Contract
	var p *period
	var years []period
	err = s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if c, p, err = s.noticeDue(ctx, tx, id, day); err != nil || c == nil {
			return err
		}
		years, err = listPeriods(ctx, tx, id)
		return err
	})
	if err != nil || c == nil {
		return false, err
	}
	start, _ := time.Parse(layout, c.StartDate)
	anniv := anniversary(start, p.n)
	deadline := renewalDeadline(anniv)
	bm, err := s.nextBonusMalus(ctx, c, years, p.n, anniv)
	if err != nil {
		return false, err
	}
	late := noticeLate(day, deadline)
	at := s.tickTime(day)
	compare, err := s.compare(ctx, c, p, anniv, bm)
	if err != nil {
		return false, err
	}
	o := s.renewalOffer(c, anniv, bm)
	debits := periodDebits(c, p.n+1, o.yearly, o.monthly, 0)
	in := document.NoticeInput{Contract: c.Number, Issued: at, Insurer: s.insurerName(c), Product: s.tariff().ProductLabel(c.Product),
		Formula: c.Formula, Holder: s.person(c), Start: anniv, End: anniversary(start, p.n+1).AddDate(0, 0, -1), Deadline: deadline,
		PreviousYearlyCents: p.yearly, YearlyCents: o.yearly, MonthlyCents: o.monthly, TaxesCents: o.taxes, Changes: o.changes,
		Late: late, Rights: s.rights(c, anniv, deadline), Compare: compareText(c, compare)}
	if late {
		in.LateRule = lateRule(day)
	}
	if bm != nil {
		in.BonusMalus = bm.Note
	}
	for _, d := range debits {
		due, _ := time.Parse(layout, d.Date)
		in.Schedule = append(in.Schedule, document.Installment{Date: due, AmountCents: d.AmountCents})
	}
	doc, err := s.papers.Renderer.RenewalNotice(in)
	if err != nil {
		return false, err
	}
	sealed, err := s.seal(ctx, doc, DocNotice, false, at)
	if err != nil {
		return false, err
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if now, _, err := s.noticeDue(ctx, tx, id, day); err != nil || now == nil {
			return err // sent meanwhile, or the contract changed
		}
		if sent, err = markNotice(ctx, tx, id, p.n, at, late, o.yearly, o.monthly, o.taxes, o.changes, o.trace, bm); err != nil || !sent {
			return err
		}
		if _, err := storeDocs(ctx, tx, id, []pdf{sealed}, at); err != nil {
			return err
		}
		detail := "Avis d’échéance envoyé\u00a0: " + euros(o.yearly) + " par an à partir du " + frDate(anniv) + " (cette année " + euros(p.yearly) +
			"), refus du renouvellement jusqu’au " + frDate(deadline)
		if late {
			detail += "\u00a0; envoyé moins de 15\u00a0jours avant cette date (article L113-15-1)"
		}
		detail += bm.historyText()
		if err := s.record(ctx, tx, account.Actor{}, c, "notice_sent", detail, at); err != nil {
			return err
		}
		r := s.renewalPayload(c, in)
		r.CompareURL = compare
		if r.Attachments, err = attachments(ctx, tx, c, []string{DocNotice}); err != nil {
			return err
		}
		return event.Record(ctx, tx, event.ContractNoticeSent, event.ContractAggregate(c.ID), r, at)
	})
	return sent, err
}

// compare is the address of the comparison c's avis for year p links to:
// c's risk (its answers and needs, ages counted to the anniversary anniv,
// as renewalOffer prices it, the bonus-malus of bm included) priced by the instant price service for
// every insurer and formula, kept in its client's « Mes prix ». Priced
// once per avis: the address is recorded on the period before the avis
// is, so a tick run again after a failure reuses it. "" for a contract
// from an offer (no answers) and when the pricing fails, which is logged
// and never stops the avis; err only when the store fails.
func (s *Service) compare(ctx context.Context, c *Contract, p *period, anniv time.Time, bm *bonusMalus) (string, error) {
	if p.compareURL != "" {
		return p.compareURL, nil
	}
	if c.Risk.Answers == nil || c.uid == "" || s.prices == nil {
		return "", nil
	}
	ask := instant.Ask{Product: c.Product, Answers: *c.Risk.Answers}
	if bm != nil {
		ask.Answers = withCRM(ask.Answers, bm.CRM)
	}
	if c.Risk.Needs != nil {
		ask.Needs = *c.Risk.Needs
	}
	owner := account.Actor{UID: c.uid, Role: account.RoleClient, Name: c.Holder.Name, Email: c.Holder.Email}
	q, err := s.prices.KeepFor(ctx, owner, ask, pricing.DateOf(anniv))
	if err != nil {
		s.log.Warn("avis d’échéance : comparaison des assureurs impossible, avis sans lien", "number", c.Number, "err", err)
		return "", nil
	}
	link := "/mes-prix?" + url.Values{"id": {q.ID}}.Encode()
	var got string
	err = s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		got, err = setCompare(ctx, tx, c.ID, p.n, link)
		return err
	})
	if err != nil {
		return "", err
	}
	if got != link {
		// Another tick recorded its comparison first: the avis links to
		// that one (this kept price stays in « Mes prix », unlinked).
		s.log.Warn("avis d’échéance : comparaison déjà enregistrée", "number", c.Number, "quote", q.ID)
	}
	p.compareURL = got
	return got, nil
}

// compareText is what the avis of c says about comparing, with the
// comparison's address link ("" when none).
func compareText(c *Contract, link string) string {
	switch {
	case link != "":
		return "Nous avons calculé pour vous, avec les mêmes réponses et au jour de votre échéance, les formules de tous nos assureurs partenaires\u00a0: " +
			"retrouvez-les dans votre espace client, rubrique «\u00a0Mes prix\u00a0», ou par le lien de l’e-mail qui accompagne cet avis."
	case c.Risk.Answers == nil:
		return "Votre contrat a été établi sur étude par un conseiller\u00a0: pour comparer les offres d’autres assureurs, " +
			"répondez à l’e-mail qui accompagne cet avis ou appelez-nous, un conseiller étudie votre demande."
	}
	return "Pour comparer les offres d’autres assureurs pour le même risque, répondez à l’e-mail qui accompagne cet avis ou appelez-nous\u00a0: un conseiller vous répond."
}

// renewalPayload is the event payload of c's avis in, or of its renewal.
func (s *Service) renewalPayload(c *Contract, in document.NoticeInput) event.RenewalPayload {
	// Civil days are midnight UTC here, midnight in the broker's zone in
	// an event, as publish dates them.
	civil := func(t time.Time) time.Time {
		if t.IsZero() {
			return t
		}
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, s.loc)
	}
	r := event.RenewalPayload{ContractPayload: s.payload(c, ""), Start: civil(in.Start), End: civil(in.End), Deadline: civil(in.Deadline),
		PreviousYearlyCents: in.PreviousYearlyCents, YearlyCents: in.YearlyCents, MonthlyCents: in.MonthlyCents,
		Changes: in.Changes, BonusMalus: in.BonusMalus, Late: in.Late, LateRule: in.LateRule, Rights: in.Rights}
	for _, d := range in.Schedule {
		r.Schedule = append(r.Schedule, event.Installment{Date: civil(d.Date), AmountCents: d.AmountCents})
	}
	return r
}

// renewDue does the anniversaries come by day: the cancellations due end
// (a renewal refused ends at the anniversary), temporary contracts end at
// their term, and the others renew for a year, once per year missed.
func (s *Service) renewDue(ctx context.Context, day time.Time) (int, error) {
	n, err := s.endDue(ctx, day)
	if err != nil {
		return n, err
	}
	if err := s.scheduleAhead(ctx, day); err != nil {
		return n, err
	}
	// A contract whose ticks missed years renews once a pass; a pass that
	// renews nothing ends the work.
	for range 50 {
		var ids []string
		err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
			ids, err = periodsDue(ctx, tx, day.Format(layout), false)
			return err
		})
		if err != nil {
			return n, err
		}
		done := 0
		for _, id := range ids {
			ok, err := s.renewOrExpire(ctx, id, day)
			if err != nil {
				return n, err
			}
			if ok {
				done++
			}
		}
		if n += done; done == 0 {
			break
		}
	}
	return n, nil
}

// renewalDue reads contract id and its running year when the year ended
// before day and the contract goes on; nil when not.
func (s *Service) renewalDue(ctx context.Context, tx *store.Tx, id string, day time.Time) (*Contract, *period, error) {
	c, err := findContract(ctx, tx, id)
	if err != nil {
		return nil, nil, err
	}
	p, err := currentPeriod(ctx, tx, id)
	if err != nil || p == nil || p.renewedAt != nil || !renews(c.Status) || p.end >= day.Format(layout) {
		return nil, nil, err
	}
	if s.temporary(c) {
		return c, p, nil
	}
	start, _ := time.Parse(layout, c.StartDate)
	if c.Status == StatusCancelRequested && c.Ending != nil && c.Ending.Date <= anniversary(start, p.n).Format(layout) {
		return nil, nil, nil // endDue ends it
	}
	return c, p, nil
}

// renewOrExpire renews contract id for a year when its year ended before
// day, or ends it when it is temporary; ok tells it did.
func (s *Service) renewOrExpire(ctx context.Context, id string, day time.Time) (ok bool, err error) {
	var c *Contract
	var p *period
	err = s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		c, p, err = s.renewalDue(ctx, tx, id, day)
		return err
	})
	if err != nil || c == nil {
		return false, err
	}
	if s.temporary(c) {
		return s.expire(ctx, id, day)
	}
	start, _ := time.Parse(layout, c.StartDate)
	anniv := anniversary(start, p.n)
	next := period{n: p.n + 1, start: anniv.Format(layout), end: anniversary(start, p.n+1).AddDate(0, 0, -1).Format(layout),
		yearly: p.yearly, monthly: p.monthly}
	trace := currentTrace(c)
	taxes := c.TaxesCents
	if p.noticeSentAt != nil {
		// The premium the avis announced; never sent, the premium stays.
		next.yearly, next.monthly, taxes, trace = p.noticeYearly, p.noticeMonthly, p.noticeTaxes, p.noticeTrace
	}
	// The coefficient the avis applied becomes the answers', which the
	// next year and an amendment start from; never sent, it stays, and
	// the next avis counts the claims this one would have.
	crm := p.noticeCRM
	if p.noticeSentAt == nil || c.Risk.Answers == nil {
		crm = nil
	}
	if crm != nil {
		c.Risk.Answers.BonusMalus = crm.CRM.Float()
	}
	at := s.tickTime(day)
	// The proofs of insurance of the new year, made outside the
	// transaction on the contract as it will be.
	c.YearlyCents, c.MonthlyCents, c.TaxesCents, c.Risk.Trace = next.yearly, next.monthly, taxes, trace
	c.Period, c.ProvisionalUntil = &Period{Start: next.start, End: next.end}, ""
	docs, err := s.made(ctx, c, s.spec(c.Product).Attestations, at)
	if err != nil {
		return false, err
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		cur, _, err := s.renewalDue(ctx, tx, id, day)
		if err != nil || cur == nil {
			return err // renewed meanwhile, or the contract ended
		}
		if ok, err = markRenewed(ctx, tx, id, p.n, at); err != nil || !ok {
			return err
		}
		if err := insertPeriod(ctx, tx, id, next); err != nil {
			return err
		}
		debits, err := s.nextYearDebits(ctx, tx, cur, p)
		if err != nil {
			return err
		}
		cur.YearlyCents, cur.MonthlyCents, cur.TaxesCents, cur.Risk.Trace, cur.UpdatedAt = next.yearly, next.monthly, taxes, trace, at
		if crm != nil && cur.Risk.Answers != nil {
			cur.Risk.Answers.BonusMalus = crm.CRM.Float()
		}
		if err := updateContract(ctx, tx, cur); err != nil {
			return err
		}
		if _, err := storeDocs(ctx, tx, id, docs, at); err != nil {
			return err
		}
		detail := "Contrat renouvelé pour un an, du " + frDay(next.start) + " au " + frDay(next.end) + "\u00a0: " + euros(next.yearly) + " par an"
		if p.noticeSentAt == nil {
			detail += " (avis d’échéance non envoyé\u00a0: résiliation possible à tout moment, article L113-15-1)"
		}
		detail += crm.historyText()
		if err := s.record(ctx, tx, account.Actor{}, cur, "renewed", detail, at); err != nil {
			return err
		}
		nextStart, _ := time.Parse(layout, next.start)
		nextEnd, _ := time.Parse(layout, next.end)
		in := document.NoticeInput{Start: nextStart, End: nextEnd, PreviousYearlyCents: p.yearly, YearlyCents: next.yearly, MonthlyCents: next.monthly}
		for _, d := range debits {
			if d.Cancelled {
				continue
			}
			due, _ := time.Parse(layout, d.Date)
			in.Schedule = append(in.Schedule, document.Installment{Date: due, AmountCents: d.AmountCents})
		}
		r := s.renewalPayload(cur, in)
		if p.noticeSentAt == nil {
			r.LateRule = neverSentRule(anniv)
		}
		if r.Attachments, err = attachments(ctx, tx, cur, s.spec(cur.Product).Attestations); err != nil {
			return err
		}
		return event.Record(ctx, tx, event.ContractRenewed, event.ContractAggregate(id), r, at)
	})
	return ok, err
}

// neverSentRule is what a renewal without its avis gives (L113-15-1).
func neverSentRule(anniv time.Time) string {
	return "Votre avis d’échéance ne vous a pas été envoyé à temps\u00a0: vous pouvez résilier ce contrat à tout moment depuis son renouvellement le " +
		frDate(anniv) + ", sans frais\u00a0; la résiliation prend effet le lendemain de votre demande (article L113-15-1 du code des assurances)."
}

// expire ends temporary contract id at its term, once its cover ended by
// day: « Résilié » with the reason « expired », no debit after it. Its
// client chose its days: no e-mail.
func (s *Service) expire(ctx context.Context, id string, day time.Time) (ok bool, err error) {
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, p, err := s.renewalDue(ctx, tx, id, day)
		if err != nil || c == nil || !s.temporary(c) {
			return err
		}
		at := s.tickTime(day)
		if _, end := coverPeriod(c, at, s.loc); at.Before(end) {
			return nil // its last day's hours still run
		}
		if ok, err = markRenewed(ctx, tx, id, p.n, at); err != nil || !ok {
			return err
		}
		c.Ending = &Ending{Reason: ReasonExpired, AskedAt: at, Date: p.end}
		if err := s.moveTo(ctx, tx, c, StatusCancelled, at); err != nil {
			return err
		}
		if err := cancelDebits(ctx, tx, id, p.end); err != nil {
			return err
		}
		return s.record(ctx, tx, account.Actor{}, c, "expired", "Contrat temporaire arrivé à son terme le "+frDay(p.end), at)
	})
	return ok, err
}

// ReasonExpired is the Ending of a temporary contract at its term.
const ReasonExpired = "expired"

// setYear sets c's Period, RenewalDeadline and Renewal from its years.
func (s *Service) setYear(ctx context.Context, tx *store.Tx, c *Contract) error {
	list, err := listPeriods(ctx, tx, c.ID)
	if err != nil || len(list) == 0 {
		return err
	}
	p := list[len(list)-1]
	c.Period = &Period{Start: p.start, End: p.end}
	if s.temporary(c) || !renews(c.Status) {
		return nil
	}
	start, _ := time.Parse(layout, c.StartDate)
	anniv := anniversary(start, p.n)
	if c.Status == StatusCancelRequested && c.Ending != nil && c.Ending.Date <= anniv.Format(layout) {
		return nil // it ends by the anniversary: nothing renews
	}
	c.RenewalDeadline = renewalDeadline(anniv).Format(layout)
	if p.noticeSentAt == nil || p.renewedAt != nil {
		return nil
	}
	c.Renewal = &Renewal{NoticeSentAt: *p.noticeSentAt, Late: p.noticeLate, Start: anniv.Format(layout),
		YearlyCents: p.noticeYearly, MonthlyCents: p.noticeMonthly, PreviousYearlyCents: p.yearly, PreviousMonthlyCents: p.monthly,
		Changes: p.noticeLines, Schedule: periodDebits(c, p.n+1, p.noticeYearly, p.noticeMonthly, 0), CompareURL: p.compareURL}
	if p.noticeCRM != nil {
		c.Renewal.BonusMalusNote = p.noticeCRM.Note
	}
	if c.Renewal.Changes == nil {
		c.Renewal.Changes = [][3]string{}
	}
	return nil
}

// lateEnd is the end a cancellation asked on today takes under the late
// rules of L113-15-1, with the rule; ok false when none applies: an avis
// sent late gives 20 days from its sending to refuse the renewal (the
// contract ends at the anniversary, or the day after the request once it
// passed); a renewal whose avis was never sent may be ended at any time,
// the day after the request.
func (s *Service) lateEnd(ctx context.Context, tx *store.Tx, c *Contract, today time.Time) (end time.Time, rule string, ok bool, err error) {
	list, err := listPeriods(ctx, tx, c.ID)
	if err != nil || len(list) == 0 || s.temporary(c) {
		return end, "", false, err
	}
	start, _ := time.Parse(layout, c.StartDate)
	next := today.AddDate(0, 0, 1)
	cur := list[len(list)-1]
	if len(list) >= 2 {
		prev := list[len(list)-2]
		if prev.noticeSentAt == nil && prev.renewedAt != nil {
			return next, neverSentRule(anniversary(start, prev.n)), true, nil
		}
	}
	for i := len(list) - 1; i >= 0 && i >= len(list)-2; i-- {
		p := list[i]
		if p.noticeSentAt == nil || !p.noticeLate || (i < len(list)-1 && p.n != cur.n-1) {
			continue
		}
		sent := day(*p.noticeSentAt, s.loc)
		if today.After(sent.AddDate(0, 0, LateNoticeDays)) {
			continue
		}
		anniv := anniversary(start, p.n)
		end = anniv
		if !today.Before(anniv) {
			end = next
		}
		return end, "Avis d’échéance envoyé le " + frDate(sent) + ", moins de 15\u00a0jours avant la date limite (article L113-15-1 du code des assurances)\u00a0: " +
			"le renouvellement peut être refusé jusqu’au " + frDate(sent.AddDate(0, 0, LateNoticeDays)) + "\u00a0; le contrat prend fin à l’échéance, ou le lendemain de la demande quand elle est passée.", true, nil
	}
	return end, "", false, nil
}

// DebitLeadDays is how long before the anniversary the new year's debits
// are scheduled: the file of the anniversary's debit must reach the bank
// the business day before at the latest (SEPA Core), and a broker makes
// it days ahead. The last day to refuse the renewal is long past then;
// a contract that still ends (a late avis, the loi Hamon, a termination)
// has the debits after its end cancelled, as any cancellation does.
const DebitLeadDays = 14

// scheduleAhead schedules the new year's debits of the contracts whose
// anniversary comes within DebitLeadDays of day.
func (s *Service) scheduleAhead(ctx context.Context, day time.Time) error {
	ahead := day.AddDate(0, 0, DebitLeadDays)
	var ids []string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		ids, err = periodsDue(ctx, tx, ahead.Format(layout), false)
		return err
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
			c, p, err := s.renewalDue(ctx, tx, id, ahead)
			if err != nil || c == nil || s.temporary(c) {
				return err
			}
			_, err = s.nextYearDebits(ctx, tx, c, p)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// nextYearDebits are the debits of the year after p of c: scheduled once,
// ahead (scheduleAhead) or at the renewal when the ticks missed that day,
// at the premium the avis d'échéance announced (the old one when it was
// never sent); paid yearly and ending within that year, the days covered.
func (s *Service) nextYearDebits(ctx context.Context, tx *store.Tx, c *Contract, p *period) ([]Debit, error) {
	if have, err := periodDebitsOf(ctx, tx, c.ID, p.n+1); err != nil || len(have) > 0 {
		return have, err
	}
	start, _ := time.Parse(layout, c.StartDate)
	anniv := anniversary(start, p.n)
	yearly, monthly := p.yearly, p.monthly
	if p.noticeSentAt != nil {
		yearly, monthly = p.noticeYearly, p.noticeMonthly
	}
	seq, err := nextSeq(ctx, tx, c.ID)
	if err != nil {
		return nil, err
	}
	debits := periodDebits(c, p.n+1, yearly, monthly, seq)
	ending := c.Status == StatusCancelRequested && c.Ending != nil
	if ending && len(debits) == 1 {
		// Paid yearly and ending within the year: the days covered.
		if end, err := time.Parse(layout, c.Ending.Date); err == nil && DueForCover(yearly, anniv, end) > 0 {
			debits[0].AmountCents = DueForCover(yearly, anniv, end)
		}
	}
	if err := insertPeriodDebits(ctx, tx, c.ID, p.n+1, debits); err != nil {
		return nil, err
	}
	if ending {
		// A cancellation asked runs to its date: no debit after it.
		if err := cancelDebits(ctx, tx, c.ID, c.Ending.Date); err != nil {
			return nil, err
		}
	}
	return periodDebitsOf(ctx, tx, c.ID, p.n+1)
}
