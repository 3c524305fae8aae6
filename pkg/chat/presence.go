package chat

import (
	"context"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// SubscribeStaff opens the live subscription of an agent's stream: the
// agent counts as present while it is open (and renews it with Present
// at each heartbeat). UnsubscribeStaff closes it.
func (s *Service) SubscribeStaff(ctx context.Context, actor account.Actor) (*Sub, error) {
	var admin bool
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		m, err := confirmStaff(ctx, tx, actor)
		if err == nil {
			admin = m.admin
		}
		return err
	})
	if err != nil {
		return nil, s.fail("abonnement d'un conseiller", err)
	}
	if err := s.Present(ctx, actor); err != nil {
		return nil, err
	}
	sub := s.hub.subscribeStaff(actor.UID, admin)
	s.hub.mu.Lock()
	s.hub.local[actor.UID]++
	s.hub.mu.Unlock()
	return sub, nil
}

// UnsubscribeStaff closes an agent's stream; with their last one in this
// process, they are no longer present.
func (s *Service) UnsubscribeStaff(ctx context.Context, actor account.Actor, sub *Sub) {
	s.hub.unsubscribe(sub)
	s.hub.mu.Lock()
	s.hub.local[actor.UID]--
	last := s.hub.local[actor.UID] <= 0
	if last {
		delete(s.hub.local, actor.UID)
	}
	s.hub.mu.Unlock()
	if last {
		// The request's context is over: this write gets its own.
		_ = s.Leave(context.WithoutCancel(ctx), actor)
	}
}

// keepLocalPresent marks present again the agents who have a stream open
// in this process and whom another process or instance marked gone (their
// last stream there closed: Leave): an agent counts as present while any
// of their streams is open, wherever it is.
func (s *Service) keepLocalPresent(ctx context.Context) {
	s.hub.mu.Lock()
	uids := make([]any, 0, len(s.hub.local))
	for uid := range s.hub.local {
		uids = append(uids, uid)
	}
	s.hub.mu.Unlock()
	if len(uids) == 0 {
		return
	}
	var gone bool
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		gone, err = anyMarkedGone(ctx, tx, uids)
		return err
	})
	if err != nil || !gone {
		return
	}
	now := store.FormatTime(s.now())
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := markPresentAgain(ctx, tx, uids, now); err != nil {
			return err
		}
		return tx.Notify(ctx, Topic)
	})
	if err != nil {
		_ = s.fail("présence des conseillers", err)
		return
	}
	s.refreshAvailability(ctx)
}

// Present records that the actor, an agent or admin, is at their post
// now; they count as present for PresenceTTL.
func (s *Service) Present(ctx context.Context, actor account.Actor) error {
	return s.setPresence(ctx, actor, "seen_at", store.FormatTime(s.now()))
}

// Leave records that the actor left their post: no longer present.
func (s *Service) Leave(ctx context.Context, actor account.Actor) error {
	return s.setPresence(ctx, actor, "seen_at", nil)
}

// SetAway sets the actor's « Absent » switch: an agent away is not
// available to visitors, whatever pages they have open.
func (s *Service) SetAway(ctx context.Context, actor account.Actor, away bool) error {
	v := 0
	if away {
		v = 1
	}
	return s.setPresence(ctx, actor, "away", v)
}

// setPresence writes one column of the actor's presence row, then
// computes the availability again.
func (s *Service) setPresence(ctx context.Context, actor account.Actor, column string, value any) error {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if _, err := confirmStaff(ctx, tx, actor); err != nil {
			return err
		}
		// column is one of two constants of this file, never input.
		if err := setPresenceColumn(ctx, tx, actor.UID, column, value); err != nil {
			return err
		}
		return tx.Notify(ctx, Topic)
	})
	if err != nil {
		return s.fail("présence d'un conseiller", err)
	}
	s.refreshAvailability(ctx)
	return nil
}
