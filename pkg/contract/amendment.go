package contract

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// An amendment (« avenant ») changes a contract in force from an
// effective date within its running year: its vehicle, its address, its
// named drivers, its formula or the bank account debited. The change is
// priced by the engine on the contract's risk as changed, on the
// effective date, with the same insurer and formula (unless the formula
// is what changes), so that a contract's premium stays the engine's price
// of its own risk; the difference for the days left in the year is the
// adjustment (prorata). The client signs it with a code, as the contract.

// The kinds of amendment.
const (
	AmendVehicle = "vehicle"
	AmendAddress = "address"
	AmendDriver  = "driver"
	AmendFormula = "formula"
	AmendBank    = "bank"
)

// The statuses of an amendment.
const (
	AmendmentStatusDraft     = "draft"
	AmendmentStatusSigned    = "signed"
	AmendmentStatusCancelled = "cancelled"
)

// amendmentLabels name the kinds, as the avenant's object says them.
var amendmentLabels = map[string]string{
	AmendVehicle: "Changement de véhicule",
	AmendAddress: "Changement d’adresse",
	AmendDriver:  "Changement des conducteurs désignés",
	AmendFormula: "Changement de formule",
	AmendBank:    "Changement de compte bancaire",
}

// amendmentKeys are the keys of changes each kind takes: the rating
// file's answer keys, plus the address's and the registration, the
// formula's id, the bank account.
var amendmentKeys = map[string][]string{
	AmendVehicle: {"vehicleId", "vehicleYear", "registration", "vehicleMake", "vehicleModel", "vehicleEnergy", "vehicleFiscalPower",
		"vehicleCc", "vehicleLicence", "vehicleValueCents", "vehicleValueKind"},
	AmendAddress: {"postalCode", "address", "city", "dwelling", "surface", "rooms", "floor", "occupant", "contentsCents"},
	AmendDriver:  {"namedDrivers"},
	AmendFormula: {"formulaId"},
	AmendBank:    {"holder", "iban", "bic"},
}

// describedKeys describe a vehicle out of the catalogue: a vehicle of the
// catalogue chosen takes them back.
var describedKeys = []string{"vehicleMake", "vehicleModel", "vehicleEnergy", "vehicleFiscalPower", "vehicleCc", "vehicleLicence",
	"vehicleValueCents", "vehicleValueKind"}

// AmendmentDraft is a change asked (POST /api/contracts/{id}/amendments).
type AmendmentDraft struct {
	Kind          string          `json:"kind"`
	EffectiveDate string          `json:"effectiveDate"`
	Changes       json.RawMessage `json:"changes"`
}

// Amendment is an avenant, proposed (draft), signed or cancelled by the
// next proposal. Its JSON is the API's.
type Amendment struct {
	ID        string `json:"id"`
	N         int    `json:"n"`
	Kind      string `json:"kind"`
	KindLabel string `json:"kindLabel"`
	Status    string `json:"status"`
	// EffectiveDate is the first day under the new terms (YYYY-MM-DD).
	EffectiveDate     string `json:"effectiveDate"`
	YearlyCentsBefore int64  `json:"yearlyCentsBefore"`
	YearlyCentsAfter  int64  `json:"yearlyCentsAfter"`
	MonthlyCentsAfter int64  `json:"monthlyCentsAfter"`
	// AdjustmentCents is the difference for the days left in the running
	// year: positive when due, negative when refunded.
	AdjustmentCents int64 `json:"adjustmentCents"`
	// Trace are the lines of « Pourquoi ce prix ? » that changed, Changes
	// what changes as people read it: label, before, after.
	Trace          [][3]string `json:"trace"`
	Changes        [][3]string `json:"changes"`
	CreatedByStaff bool        `json:"createdByStaff"`
	CreatedAt      time.Time   `json:"createdAt"`
	SignedAt       *time.Time  `json:"signedAt,omitempty"`
	// CodeSent is the code sent to sign a draft and still valid, for the
	// contract's owner: a reloaded page finds its field again.
	CodeSent *CodeSent `json:"codeSent,omitempty"`

	contractID string
	raw        json.RawMessage
	createdBy  string
}

// proposal is an amendment priced: the contract as it is and as changed.
type proposal struct {
	before, after *Contract
	period        *period
	effective     time.Time
	a             Amendment
	// bank is the new account of a bank change.
	bank *Signing
}

// ProposeAmendment prices a change of contract id (its owner's, or staff
// preparing it for a client who called) and keeps it as the contract's
// one draft, the previous draft cancelled. Another client's contract is
// not found; a contract not in force is a conflict; every wrong field is
// named (changes.postalCode, effectiveDate…).
func (s *Service) ProposeAmendment(ctx context.Context, actor account.Actor, id string, d AmendmentDraft) (*Amendment, error) {
	var out *Amendment
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := s.amendable(ctx, tx, actor, id, true)
		if err != nil {
			return err
		}
		p, err := s.propose(ctx, tx, c, d)
		if err != nil {
			return err
		}
		now := s.now()
		a := &p.a
		a.ID, a.Status, a.CreatedAt, a.createdBy = rand.Text(), AmendmentStatusDraft, now, actor.UID
		a.CreatedByStaff = actor.UID != c.uid
		if err := cancelDrafts(ctx, tx, c.ID, now); err != nil {
			return err
		}
		if a.N, err = nextAmendmentN(ctx, tx, c.ID); err != nil {
			return err
		}
		if err := insertAmendment(ctx, tx, c.ID, a); err != nil {
			return err
		}
		detail := fmt.Sprintf("Projet d’avenant n°\u00a0%d (%s) à compter du %s\u00a0: %s par an → %s", a.N, lowerFirst(a.KindLabel),
			frDate(p.effective), euros(a.YearlyCentsBefore), euros(a.YearlyCentsAfter))
		if err := s.record(ctx, tx, actor, c, "amendment_proposed", detail, now); err != nil {
			return err
		}
		out = a
		return nil
	})
	if err != nil {
		return nil, s.fail("avenant", err, "uid", actor.UID, "id", id)
	}
	return out, nil
}

// amendable reads contract id for a change: its owner's, or any for
// staff when staff is true; in force (active or awaiting its documents).
func (s *Service) amendable(ctx context.Context, tx *store.Tx, actor account.Actor, id string, staff bool) (*Contract, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	c, err := findContract(ctx, tx, id)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && c.uid != actor.UID && !(staff && actor.IsStaff())) {
		return nil, errNotFound()
	}
	if err != nil {
		return nil, err
	}
	switch c.Status {
	case StatusActive, StatusAwaiting:
	case "suspended":
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce contrat est suspendu pour une cotisation impayée\u00a0: réglez-la avant de le modifier.")
	case StatusPending:
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce contrat n’est pas encore signé\u00a0: modifiez directement le projet.")
	default:
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce contrat n’est plus en vigueur («\u00a0%s\u00a0»)\u00a0: il ne peut plus être modifié.", c.Status.Label())
	}
	if s.temporary(c) {
		return nil, apperr.Errorf(apperr.ECONFLICT, "Un contrat temporaire ne se modifie pas\u00a0: pour un changement, contactez votre conseiller.")
	}
	return c, nil
}

// propose checks and prices d on c as it stands, in tx.
func (s *Service) propose(ctx context.Context, tx *store.Tx, c *Contract, d AmendmentDraft) (*proposal, error) {
	label, ok := amendmentLabels[d.Kind]
	if !ok {
		return nil, apperr.FieldErrorf("kind", "Choisissez ce qui change\u00a0: véhicule, adresse, conducteurs, formule ou compte bancaire.")
	}
	if c.Risk.Answers == nil && d.Kind != AmendAddress && d.Kind != AmendBank {
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce contrat a été établi par votre conseiller à partir d’une offre de l’assureur\u00a0: "+
			"pour ce changement, écrivez à votre conseiller depuis la page du contrat.")
	}
	p, err := currentPeriod(ctx, tx, c.ID)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, apperr.Errorf(apperr.ECONFLICT, "Ce contrat n’est pas encore en vigueur.")
	}
	var bad []apperr.FieldMessage
	add := func(f, m string) { bad = append(bad, apperr.FieldMessage{Field: f, Message: m}) }
	eff, err := time.Parse(layout, strings.TrimSpace(d.EffectiveDate))
	today := s.today().Format(layout)
	switch {
	case err != nil:
		add("effectiveDate", "Indiquez la date du changement (AAAA-MM-JJ).")
	case eff.Format(layout) < today:
		add("effectiveDate", "La date du changement est aujourd’hui ou plus tard.")
	case eff.Format(layout) < p.start || eff.Format(layout) > p.end:
		add("effectiveDate", "La date du changement est dans l’année en cours du contrat, au plus tard le "+frDay(p.end)+".")
	case c.Ending != nil && eff.Format(layout) >= c.Ending.Date:
		add("effectiveDate", "Le contrat prend fin le "+frDay(c.Ending.Date)+"\u00a0: la date du changement est avant.")
	}
	changes, err := changesOf(d)
	if err != nil {
		if len(bad) > 0 {
			return nil, joinFields([]error{fieldsOf(bad), err})
		}
		return nil, err
	}
	prop := &proposal{before: c, after: cloneContract(c), period: p, effective: eff}
	if err := s.applyChange(ctx, tx, prop, d.Kind, changes, add); err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, fieldsOf(bad)
	}
	a := &prop.a
	a.Kind, a.KindLabel, a.EffectiveDate, a.raw = d.Kind, label, eff.Format(layout), d.Changes
	a.YearlyCentsBefore, a.YearlyCentsAfter, a.MonthlyCentsAfter = c.YearlyCents, c.YearlyCents, c.MonthlyCents
	a.Trace = [][3]string{}
	if d.Kind != AmendBank && c.Risk.Answers != nil {
		if err := s.priceChange(prop, d.Kind); err != nil {
			return nil, err
		}
	}
	if a.Changes, err = s.peopleChanges(ctx, tx, prop); err != nil {
		return nil, err
	}
	if len(a.Changes) == 0 {
		return nil, apperr.FieldErrorf("changes", "Ce changement ne modifie rien à votre contrat.")
	}
	start, _ := time.Parse(layout, p.start)
	end, _ := time.Parse(layout, p.end)
	a.AdjustmentCents = prorata(a.YearlyCentsBefore, a.YearlyCentsAfter, eff, start, end.AddDate(0, 0, 1))
	return prop, nil
}

// changesOf reads d's changes as an object whose keys its kind takes.
func changesOf(d AmendmentDraft) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(d.Changes, &m); err != nil || m == nil {
		return nil, apperr.FieldErrorf("changes", "Indiquez ce qui change, champ par champ.")
	}
	var bad []apperr.FieldMessage
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(amendmentKeys[d.Kind], k) {
			bad = append(bad, apperr.FieldMessage{Field: "changes." + k, Message: "Ce champ ne change pas avec ce type d’avenant."})
		}
	}
	if len(bad) > 0 {
		return nil, fieldsOf(bad)
	}
	return m, nil
}

// cloneContract is a deep copy of c, for the change to write over.
func cloneContract(c *Contract) *Contract {
	out := *c
	var risk Risk
	if b, err := json.Marshal(c.Risk); err == nil && json.Unmarshal(b, &risk) == nil {
		out.Risk = risk
	}
	out.Guarantees = slices.Clone(c.Guarantees)
	return &out
}

// fieldsOf makes one EINVALID of bad; nil when bad is empty.
func fieldsOf(bad []apperr.FieldMessage) error {
	if len(bad) == 0 {
		return nil
	}
	return &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
}

// lowerFirst is s with a lower-case first letter.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToLower(string(r)) + s[n:]
}
