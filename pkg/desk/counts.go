package desk

import (
	"context"
	"sort"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// KindCounts are the open requests of one kind.
type KindCounts struct {
	Kind       Kind   `json:"kind"`
	Label      string `json:"label"`
	Open       int    `json:"open"`
	New        int    `json:"new"`
	Overdue    int    `json:"overdue"`
	DueToday   int    `json:"dueToday"`
	Unassigned int    `json:"unassigned"`
}

// AgentCounts are the open requests one agent or admin holds.
type AgentCounts struct {
	UID     string `json:"uid"`
	Name    string `json:"name"`
	Open    int    `json:"open"`
	Overdue int    `json:"overdue"`
}

// Counts is the queue at a glance.
type Counts struct {
	Open       int           `json:"open"`
	New        int           `json:"new"`
	Overdue    int           `json:"overdue"`
	DueToday   int           `json:"dueToday"`
	Unassigned int           `json:"unassigned"`
	ByKind     []KindCounts  `json:"byKind"`
	ByAgent    []AgentCounts `json:"byAgent"`
}

// Counts reads the open requests at a glance, for staff: new (in their
// kind's first status), overdue, due today, by kind and by assignee.
func (s *Service) Counts(ctx context.Context, actor account.Actor) (*Counts, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var list []Request
	var staff []Person
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		if list, err = queryRequests(ctx, tx, "r.status <> 'closed'", "r.id"); err != nil {
			return err
		}
		staff, err = listStaff(ctx, tx)
		return err
	})
	if err != nil {
		return nil, s.fail("décompte des demandes", err)
	}
	return s.count(list, staff), nil
}

// count sums the open requests of list, by kind and by assignee; every
// active member of staff is listed, those with nothing too, so that an
// admin sees who is free. The queue of a broker holds at most
// a few thousand open requests: counting them here keeps one definition of
// "overdue" and "due today" (mark) instead of a second one in SQL.
func (s *Service) count(list []Request, staff []Person) *Counts {
	now := s.now()
	c := &Counts{ByKind: []KindCounts{}, ByAgent: []AgentCounts{}}
	kinds := map[Kind]*KindCounts{}
	for _, spec := range s.Specs() {
		c.ByKind = append(c.ByKind, KindCounts{Kind: spec.Kind(), Label: spec.label()})
	}
	for i := range c.ByKind {
		kinds[c.ByKind[i].Kind] = &c.ByKind[i]
	}
	agents := map[string]*AgentCounts{}
	for _, p := range staff {
		agents[p.UID] = &AgentCounts{UID: p.UID, Name: p.Name}
	}
	for i := range list {
		r := &list[i]
		s.mark(r, now)
		k := kinds[r.Kind]
		if k == nil {
			continue
		}
		isNew := r.Status == s.Machine(r.Kind).Initial
		add(&c.Open, &k.Open, true)
		add(&c.New, &k.New, isNew)
		add(&c.Overdue, &k.Overdue, r.Overdue)
		add(&c.DueToday, &k.DueToday, r.DueToday)
		add(&c.Unassigned, &k.Unassigned, r.Assignee == "")
		if r.Assignee != "" {
			a := agents[r.Assignee]
			if a == nil {
				a = &AgentCounts{UID: r.Assignee, Name: r.AssigneeName}
				agents[r.Assignee] = a
			}
			a.Open++
			if r.Overdue {
				a.Overdue++
			}
		}
	}
	for _, a := range agents {
		c.ByAgent = append(c.ByAgent, *a)
	}
	sort.Slice(c.ByAgent, func(i, j int) bool {
		if c.ByAgent[i].Open != c.ByAgent[j].Open {
			return c.ByAgent[i].Open > c.ByAgent[j].Open
		}
		return c.ByAgent[i].Name < c.ByAgent[j].Name
	})
	return c
}

// add counts one in total and in kind when yes.
func add(total, kind *int, yes bool) {
	if yes {
		*total++
		*kind++
	}
}
