package desk

import (
	"context"
	"fmt"
	"slices"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// KindSpec is all the house knows of one kind of request, declared by the
// kind's own package (quote.Service.Spec, contact.Service.MessageSpec…)
// and registered by the composition root (Service.Register): the queue,
// its filters and counts, the TUI, the mails, the data export, the
// erasure and the purges read it, and no other package lists the kinds.
// River's JobArgs.Kind and AddWorker, and the mails' builders, are the
// models.
type KindSpec struct {
	// Machine is the status machine; its Kind names the kind in the
	// database and the API, its Prefix starts the references.
	Machine *Machine
	// Label names the kind in the queue, its filters and its counts: « Devis ».
	Label string
	// Noun names one request of the kind in a sentence of a mail, with its
	// possessive: « votre demande de devis ».
	Noun string
	// Delay gives the deadline of a request that a hand move brings back
	// to the broker's side (reopened, offers to rework), from the time of
	// the move; nil keeps the deadline it had.
	Delay func(from time.Time) time.Time
	// Lines describe one request of the kind to staff beyond the shared
	// part: labelled values in reading order, for the desk's page (Detail)
	// and the TUI; nil when the kind has none.
	Lines func(ctx context.Context, actor account.Actor, r *Request) ([]Line, error)
	// Page is where the client follows a request of the kind beyond « Mes
	// demandes » (« Mes devis »); nil when nowhere else.
	Page *Page
	// Export is the kind's part of an account's data export; nil when the
	// kind holds nothing of an account's beyond the queue.
	Export *Export
	// Erase is the kind's part of an account's erasure (account.Eraser),
	// for what must outlive the account; its requests otherwise go with
	// the account. Kept says what the erasure leaves (account.Keeper).
	Erase account.Eraser
	Kept  account.Keeper
	// Purge deletes what the kind's retention ended, as a periodic task
	// of App.Run; nil when the kind purges as new requests arrive, or never.
	Purge *Purge
}

// Kind is the kind the spec describes.
func (k KindSpec) Kind() Kind { return k.Machine.Kind }

// label is the spec's label, its kind's name when it has none.
func (k KindSpec) label() string {
	if k.Label == "" {
		return string(k.Kind())
	}
	return k.Label
}

// Line is one labelled value describing a request.
type Line struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// Page is a page of the site, with the words of a link to it.
type Page struct {
	Label string `json:"label"`
	Path  string `json:"path"`
}

// Export is a kind's part of an account's data export.
type Export struct {
	// Key names the part in the exported document: « quoteRequests ».
	Key string
	// Read reads the part of the account uid, ready to be written as JSON.
	Read func(ctx context.Context, uid string) (any, error)
}

// Purge is a periodic purge of a kind's expired requests.
type Purge struct {
	// Name identifies the task across instances (task_runs).
	Name  string
	Every time.Duration
	// Run does one round and says how many it deleted.
	Run func(ctx context.Context) (int, error)
	// Done and Unit are the log line of a round that deleted something.
	Done, Unit string
}

// Register adds the kinds of specs to the queue, in the order the queue
// shows them, or completes a kind it knew by its machine alone (New). The
// composition root registers every kind before the desk serves: Register
// is not safe while the desk is in use.
func (s *Service) Register(specs ...KindSpec) error {
	for _, spec := range specs {
		if spec.Machine == nil || spec.Kind() == "" {
			return fmt.Errorf("type de demande sans machine à états (%q)", spec.Label)
		}
		k := spec.Kind()
		if _, ok := s.specs[k]; !ok {
			s.order = append(s.order, k)
		}
		s.specs[k] = spec
	}
	machines := make([]*Machine, len(s.order))
	for i, k := range s.order {
		machines[i] = s.specs[k].Machine
	}
	s.dueSQL = waitingDue(machines)
	return nil
}

// Specs lists the registered kinds, in the queue's order.
func (s *Service) Specs() []KindSpec {
	out := make([]KindSpec, len(s.order))
	for i, k := range s.order {
		out[i] = s.specs[k]
	}
	return out
}

// Spec returns the spec of kind, and whether it is registered.
func (s *Service) Spec(kind Kind) (KindSpec, bool) {
	spec, ok := s.specs[kind]
	return spec, ok
}

// Label is the French name of kind, its own name when it is not registered.
func (s *Service) Label(kind Kind) string {
	if spec, ok := s.specs[kind]; ok {
		return spec.label()
	}
	return string(kind)
}

// Noun names a request of kind in a sentence of a mail (pkg/mail reads
// it); false when the kind is not registered or has no noun.
func (s *Service) Noun(kind string) (string, bool) {
	spec, ok := s.specs[Kind(kind)]
	return spec.Noun, ok && spec.Noun != ""
}

// Page is the path of the page where the client follows a request of
// kind (pkg/mail links to it); false when there is none.
func (s *Service) Page(kind string) (string, bool) {
	spec, ok := s.specs[Kind(kind)]
	if !ok || spec.Page == nil {
		return "", false
	}
	return spec.Page.Path, true
}

// Erase runs the erasure of every kind that has one (account.Eraser).
func (s *Service) Erase(ctx context.Context, tx *store.Tx, uid string) error {
	for _, spec := range s.Specs() {
		if spec.Erase != nil {
			if err := spec.Erase(ctx, tx, uid); err != nil {
				return err
			}
		}
	}
	return nil
}

// Kept says what an account's erasure leaves of every kind (account.Keeper).
func (s *Service) Kept(ctx context.Context, tx *store.Tx, uid string) ([]string, error) {
	var out []string
	for _, spec := range s.Specs() {
		if spec.Kept != nil {
			lines, err := spec.Kept(ctx, tx, uid)
			if err != nil {
				return nil, err
			}
			out = append(out, lines...)
		}
	}
	return out, nil
}

// Exports lists the parts of the data export, in the queue's order.
func (s *Service) Exports() []Export {
	var out []Export
	for _, spec := range s.Specs() {
		if spec.Export != nil {
			out = append(out, *spec.Export)
		}
	}
	return out
}

// Purges lists the periodic purges of the kinds, in the queue's order.
func (s *Service) Purges() []Purge {
	var out []Purge
	for _, spec := range s.Specs() {
		if spec.Purge != nil {
			out = append(out, *spec.Purge)
		}
	}
	return out
}

// lines describes request r with its kind's lines, none when it has none
// or its kind holds nothing of it (the shared part is still read).
func (s *Service) lines(ctx context.Context, actor account.Actor, r *Request) ([]Line, error) {
	spec, ok := s.specs[r.Kind]
	if !ok || spec.Lines == nil {
		return []Line{}, nil
	}
	lines, err := spec.Lines(ctx, actor, r)
	if apperr.CodeOf(err) == apperr.ENOTFOUND {
		return []Line{}, nil
	}
	if lines == nil {
		lines = []Line{}
	}
	return lines, err
}

// known tells whether kind is registered.
func (s *Service) known(kind Kind) bool { return slices.Contains(s.order, kind) }
