package account

import (
	"context"
	"maps"
	"sync"
	"time"

	"courtier/pkg/store"
)

// maxCachedSessions bounds the cache: past it, the cache starts again
// empty. Only sessions found in the database are kept (a forged or ended
// token is looked up every time), so it holds at most the live sessions.
const maxCachedSessions = 10_000

// sessionCache keeps the sessions found by Authenticate, with their users,
// for as long as the Version of the service's subscription to
// sessionsTopic (store.Subscription.Version) stays the same. On SQLite it
// is PRAGMA data_version: any commit, by this process or another (the CLI,
// the dashboard), moves it, and the next request looks its session up
// again; on a busy database the cache rarely serves, and a request pays
// the PRAGMA on top of the lookup. On PostgreSQL the writes that end a
// session or change an account notify the topic: the instance that
// commits forgets its cache before its WriteTx returns, the others when
// the notification reaches them, a fraction of a millisecond later (the
// time a request on another instance may still be served by a session
// just ended); while an instance does not listen (before App.Run runs
// store.DB.Watch, after a lost connection), its cache is off.
// Only a session that needs no write is served from the cache: neither
// ended by the clock's limits nor a minute from its last activity (then
// its last activity is read again, which another instance may have moved).
type sessionCache struct {
	mu sync.Mutex
	// version is the Version the entries were read under (at least as
	// recent as it: each lookup starts after its Version was read).
	version store.Version
	found   map[string]cachedSession
}

// cachedSession is a session and its user as the database held them.
type cachedSession struct {
	user User
	sess Session
}

// get returns copies of the session of hash and its user if they were
// read under version v.
func (c *sessionCache) get(v store.Version, hash string) (*User, *Session, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version != v {
		return nil, nil, false
	}
	e, ok := c.found[hash]
	if !ok {
		return nil, nil, false
	}
	u, sess := e.user, e.sess
	if len(u.Extra) > 0 {
		// A request's handler gets a map of its own.
		u.Extra = maps.Clone(u.Extra)
	}
	return &u, &sess, true
}

// put keeps a session read after version v was: a newer v empties the
// cache first; an older one (a lookup that started before another's) is
// not kept.
func (c *sessionCache) put(v store.Version, u *User, sess *Session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v.Before(c.version) {
		return
	}
	if c.version != v || c.found == nil || len(c.found) >= maxCachedSessions {
		c.version, c.found = v, make(map[string]cachedSession)
	}
	c.found[sess.hash] = cachedSession{user: *u, sess: *sess}
}

// lookupSession finds the session of hash and its user: from the cache
// when its Version has not moved since they were read and the session
// needs no write at now, else with findSession. A Version that cannot be
// read only bypasses the cache.
func (s *Service) lookupSession(ctx context.Context, hash string, now time.Time) (*User, *Session, error) {
	v, verr := s.changes.Version(ctx)
	if verr == nil {
		if u, sess, ok := s.sessions.get(v, hash); ok && !sess.expired(now) && now.Sub(sess.LastSeenAt) < touchEvery {
			return u, sess, nil
		}
	}
	u, sess, err := findSession(ctx, s.db, hash)
	if err == nil && verr == nil {
		s.sessions.put(v, u, sess)
	}
	return u, sess, err
}
