package chat

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// Topic is notified (store.Tx.Notify) by the chat's writes: a message
// written, an agent's presence changed. It also carries the signals
// (typing, read marks) between instances.
const Topic = "chat"

// Watch runs the watcher until ctx ends. Every interval, and at once when
// another instance commits a change of Topic (the store's subscription,
// while store.DB.Watch runs), it wakes the streams of the conversations
// that got a message written by another process or instance, and every
// stream of visitors when the agents' availability changed; it passes
// the signals of the other instances to this process's streams. This
// process's own writes wake their streams as they commit (Service.wrote,
// Service.changed). App.Run runs it; one query a round whatever the
// number of streams.
func (s *Service) Watch(ctx context.Context, interval time.Duration) {
	sub := s.db.SubscribeOthers(Topic)
	defer sub.Close()
	// The signals pass at once, never behind a round.
	var wg sync.WaitGroup
	defer wg.Wait()
	wg.Go(func() {
		for {
			select {
			case <-ctx.Done():
				return
			case p := <-sub.Signals:
				s.relayed(p)
			}
		}
	})
	t := time.NewTicker(interval)
	defer t.Stop()
	s.poll(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-sub.C:
		}
		s.poll(ctx)
	}
}

// relay is a signal as it travels between instances (store.DB.Signal).
type relay struct {
	Topic  string `json:"t"`
	Signal Signal `json:"s"`
}

// signal passes sig to the streams of topic in this process and, through
// the store, in the other instances (an agent typing on one server, the
// visitor's stream on another). Best effort, as signals are.
func (s *Service) signal(ctx context.Context, topic string, sig Signal) {
	s.hub.signal(topic, sig)
	b, err := json.Marshal(relay{Topic: topic, Signal: sig})
	if err == nil {
		err = s.db.Signal(context.WithoutCancel(ctx), Topic, string(b))
	}
	if err != nil {
		_ = s.fail("signal aux autres serveurs", err)
	}
}

// relayed passes a signal another instance sent to this process's streams.
func (s *Service) relayed(payload string) {
	var r relay
	if err := json.Unmarshal([]byte(payload), &r); err != nil {
		return
	}
	s.hub.signal(r.Topic, r.Signal)
}

// poll is one round of Watch.
func (s *Service) poll(ctx context.Context) {
	s.keepLocalPresent(ctx)
	h := s.hub
	h.mu.Lock()
	after, started := h.lastID, h.started
	h.mu.Unlock()
	var ids []int64
	var convs []string
	var available bool
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if !started {
			last, err := lastMessageID(ctx, tx)
			if err != nil {
				return fmt.Errorf("dernier message: %w", err)
			}
			ids = append(ids, last)
			available, err = agentsAvailable(ctx, tx, s.now())
			return err
		}
		var err error
		if ids, convs, err = messageIDsAfter(ctx, tx, after); err != nil {
			return err
		}
		available, err = agentsAvailable(ctx, tx, s.now())
		return err
	})
	if err != nil {
		_ = s.fail("veille des conversations", err)
		return
	}
	h.mu.Lock()
	h.started = true
	if len(ids) > 0 {
		h.lastID = ids[len(ids)-1]
	}
	changed := h.available != available
	h.available = available
	h.mu.Unlock()
	if len(convs) > 0 {
		h.wake(append(convs, staffTopic)...)
	}
	if changed {
		h.wakeAllVisitors()
		h.wake(staffTopic)
	}
}

// Available tells whether an agent can answer now, as last computed (at
// most a poll interval old, refreshed at once on this process's changes).
func (s *Service) Available() bool {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	return s.hub.available
}

// refreshAvailability computes the availability again after a change of
// presence in this process, and wakes the visitors' streams when it changed.
func (s *Service) refreshAvailability(ctx context.Context) {
	var available bool
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		available, err = agentsAvailable(ctx, tx, s.now())
		return err
	})
	if err != nil {
		_ = s.fail("présence des conseillers", err)
		return
	}
	h := s.hub
	h.mu.Lock()
	changed := h.available != available
	h.available = available
	h.mu.Unlock()
	if changed {
		h.wakeAllVisitors()
		h.wake(staffTopic)
	}
}

// PresenceTTL is how long an agent counts as present after their page or
// terminal last said so; their streams renew it every heartbeat.
const PresenceTTL = 45 * time.Second

// DeskPresence is how long an agent or admin counts as present after
// their last request to the site, signed in (the desk, a request, a
// contract): one who works in the desk answers the chat too, even with
// no conversations page open.
const DeskPresence = 10 * time.Minute

// agentsAvailable tells whether an active agent or admin is present and
// not away: with a conversations page or terminal open (PresenceTTL), or
// working in the desk (DeskPresence).
func agentsAvailable(ctx context.Context, tx *store.Tx, now time.Time) (bool, error) {
	uids, err := presentUIDs(ctx, tx, now.Add(-PresenceTTL))
	if err != nil {
		return false, err
	}
	desk, err := account.StaffActiveSince(ctx, tx, now.Add(-DeskPresence), now)
	if err != nil {
		return false, err
	}
	for _, uid := range desk {
		away, err := awayOf(ctx, tx, uid)
		if err != nil {
			return false, err
		}
		if !away {
			uids = append(uids, uid)
		}
	}
	if len(uids) == 0 {
		return false, nil
	}
	// Present, but still an active agent or admin? (A disabled account's
	// row stays until its stream ends.)
	people, err := account.People(ctx, tx, uids)
	if err != nil {
		return false, err
	}
	for _, p := range people {
		if p.IsStaff() {
			return true, nil
		}
	}
	return false, nil
}
