package account

import (
	"context"
	"maps"
	"sync"

	"courtier/pkg/store"
)

// maxCachedSessions bounds the cache: past it, the cache starts again
// empty. Only sessions found in the database are kept (a forged or ended
// token is looked up every time), so it holds at most the live sessions.
const maxCachedSessions = 10_000

// sessionCache keeps the sessions found by Authenticate, with their users,
// for as long as the database's content does not change (store.Version).
// Any commit, by this process or another (the CLI, the dashboard),
// changes the Version, and the next request looks its session up again:
// a sign-out, a disabled account, a new role or a purge is seen at once.
// The clock's limits (idle, absolute) are checked on every request by
// Authenticate, cached or not. On a busy database the cache rarely
// serves, and a request pays the PRAGMA on top of the lookup.
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
// when the database has not changed since they were read, else with
// findSession. A failure to read the Version only bypasses the cache.
func (s *Service) lookupSession(ctx context.Context, hash string) (*User, *Session, error) {
	v, verr := s.db.DataVersion(ctx)
	if verr == nil {
		if u, sess, ok := s.sessions.get(v, hash); ok {
			return u, sess, nil
		}
	}
	u, sess, err := findSession(ctx, s.db, hash)
	if err == nil && verr == nil {
		s.sessions.put(v, u, sess)
	}
	return u, sess, err
}
