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

// Signal is what a stream is told besides « read the database again »:
// the passing states that are never stored (typing) and the read marks.
type Signal struct {
	// Kind is "typing" or "read".
	Kind string `json:"k"`
	// Conversation is the stored ID of the conversation concerned.
	Conversation string `json:"c"`
	Typing       bool   `json:"y,omitempty"`
	Name         string `json:"n,omitempty"`
	UpTo         int64  `json:"u,omitempty"`
}

// Sub is one open stream's subscription. Wake has room for one pending
// wake-up: a reader woken reads everything newer than what it holds, so
// wake-ups can be merged and none is ever lost. Signals are dropped when
// the reader lags, as a late typing indicator is worth nothing.
type Sub struct {
	Wake    chan struct{}
	Signals chan Signal
	topic   string
	// uid and admin are the agent's, on an agent's stream: a message in a
	// conversation someone holds wakes only its holder and the admins.
	uid   string
	admin bool
}

// staffTopic is the topic of every agent stream: the inbox changed.
const staffTopic = "*staff"

// hub wakes the streams of this process. The database is the source of
// truth: a stream woken reads what is newer than its last message ID. A
// poller catches what other processes wrote (the terminal dashboard) and
// the changes of presence.
type hub struct {
	mu   sync.Mutex
	subs map[string]map[*Sub]struct{}
	// visitors counts the visitor streams, for the broadcast of presence.
	visitors int
	// lastID is the highest message ID the poller has seen; started
	// tells whether it was read once (the poller starts from the end).
	lastID  int64
	started bool
	// available is the last computed availability of agents.
	available bool
	// local counts the agent streams open in this process per uid.
	local map[string]int
}

func newHub() *hub {
	return &hub{subs: map[string]map[*Sub]struct{}{}, local: map[string]int{}}
}

// subscribe opens a subscription to a conversation's stored ID.
func (h *hub) subscribe(topic string) *Sub {
	return h.add(&Sub{Wake: make(chan struct{}, 1), Signals: make(chan Signal, 8), topic: topic})
}

// subscribeStaff opens the subscription of an agent's stream.
func (h *hub) subscribeStaff(uid string, admin bool) *Sub {
	return h.add(&Sub{Wake: make(chan struct{}, 1), Signals: make(chan Signal, 8), topic: staffTopic, uid: uid, admin: admin})
}

func (h *hub) add(s *Sub) *Sub {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.subs[s.topic]
	if m == nil {
		m = map[*Sub]struct{}{}
		h.subs[s.topic] = m
	}
	m[s] = struct{}{}
	if s.topic != staffTopic {
		h.visitors++
	}
	return s
}

func (h *hub) unsubscribe(s *Sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	m := h.subs[s.topic]
	if _, ok := m[s]; !ok {
		return
	}
	delete(m, s)
	if len(m) == 0 {
		delete(h.subs, s.topic)
	}
	if s.topic != staffTopic {
		h.visitors--
	}
}

// wake wakes every stream of the topics.
func (h *hub) wake(topics ...string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, t := range topics {
		for s := range h.subs[t] {
			select {
			case s.Wake <- struct{}{}:
			default:
			}
		}
	}
}

// wakeStaff wakes the agents' streams concerned by a conversation held
// by holder: everyone's when nobody holds it (it waits in every inbox),
// else the holder's and the admins'.
func (h *hub) wakeStaff(holder string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[staffTopic] {
		if holder != "" && s.uid != holder && !s.admin {
			continue
		}
		select {
		case s.Wake <- struct{}{}:
		default:
		}
	}
}

// wakeAllVisitors wakes every visitor stream: the agents' availability changed.
func (h *hub) wakeAllVisitors() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for t, m := range h.subs {
		if t == staffTopic {
			continue
		}
		for s := range m {
			select {
			case s.Wake <- struct{}{}:
			default:
			}
		}
	}
}

// signal passes sig to the streams of topic, dropping it for a lagging one.
func (h *hub) signal(topic string, sig Signal) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[topic] {
		select {
		case s.Signals <- sig:
		default:
		}
	}
}

// Streams counts the open visitor and agent streams of this process.
func (s *Service) Streams() (visitors, agents int) {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.visitors, len(h.subs[staffTopic])
}

// Channel is the notification channel (store.Tx.Notify) of the chat: a
// message was written or an agent's presence changed, on any instance.
const Channel = "courtier_chat"

// Watch runs the poller until ctx ends: every interval, and at once when
// Kick asks, it wakes the streams of the conversations that got a message
// written by another process or instance, and every stream of visitors
// when the agents' availability changed. App.Run runs it; one query a
// second whatever the number of streams.
func (s *Service) Watch(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	s.poll(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-s.kick:
		}
		s.poll(ctx)
	}
}

// relayed is a signal sent to the other instances (store.DB.Publish).
type relayed struct {
	// From is the sending instance's mark: its own streams had the
	// signal already.
	From   string `json:"f"`
	Topic  string `json:"t"`
	Signal Signal `json:"s"`
}

// signal passes sig to the streams of topic in this process and, on
// PostgreSQL, in the other instances (an agent typing on one server, the
// visitor's stream on another). Best effort, as signals are.
func (s *Service) signal(ctx context.Context, topic string, sig Signal) {
	s.hub.signal(topic, sig)
	if !s.db.Listening() {
		return
	}
	b, err := json.Marshal(relayed{From: s.origin, Topic: topic, Signal: sig})
	if err == nil {
		err = s.db.Publish(context.WithoutCancel(ctx), Channel, string(b))
	}
	if err != nil {
		_ = s.fail("signal aux autres serveurs", err)
	}
}

// Notified takes a notification of Channel from any instance: a signal
// another instance relayed reaches this process's streams; anything else
// (a message written, a presence changed: an empty payload) asks the
// watcher for a round now.
func (s *Service) Notified(payload string) {
	if payload == "" {
		s.Kick()
		return
	}
	var r relayed
	if err := json.Unmarshal([]byte(payload), &r); err != nil || r.From == s.origin {
		return
	}
	s.hub.signal(r.Topic, r.Signal)
}

// Kick asks the watcher for a round now: another instance notified a
// change (store.DB.Listen on Channel). Kicks made during a round merge
// into one more round.
func (s *Service) Kick() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
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

// agentsAvailable tells whether an active agent or admin is present and not away.
func agentsAvailable(ctx context.Context, tx *store.Tx, now time.Time) (bool, error) {
	uids, err := presentUIDs(ctx, tx, now.Add(-PresenceTTL))
	if err != nil || len(uids) == 0 {
		return false, err
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
