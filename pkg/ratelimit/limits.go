package ratelimit

import "time"

// Limits are every rate limit of the server, in one table, which
// NewRegistry turns into the limits the services ask for by name.
// "Address" is a client address as AddrKey counts it (an IPv6 /64).
type Limits struct {
	// SignInAddress limits sign-in and sign-up attempts per address,
	// whatever the account.
	SignInAddress Rule
	// SignInSlow and SignInLockout limit wrong passwords per account AND
	// address: the first slows down, the second then refuses.
	SignInSlow    Rule
	SignInLockout Rule
	// AccountBudget limits wrong passwords per account from all addresses.
	AccountBudget Rule
	// KnownAddress is how long an address where the account signed in
	// successfully goes past a spent AccountBudget.
	KnownAddress time.Duration
	// KnownDevice is how long a browser where the account signed in (its
	// device cookie) keeps its own counts past a spent AccountBudget.
	KnownDevice time.Duration
	// Reauth limits wrong passwords typed by a signed-in user to confirm
	// an action (password, e-mail, deletion), per session.
	Reauth Rule
	// ChatStarts limits new conversations per address.
	ChatStarts Rule
	// ChatAddress and ChatConversation limit chat messages and mode
	// switches per address and per conversation.
	ChatAddress      Rule
	ChatConversation Rule
	// ClientErrors limits the error reports of the browser per address.
	ClientErrors Rule
	// Exports limits the data exports (RGPD download) per account.
	Exports Rule
	// ContactMessages and Callbacks limit the contact messages and the
	// callback requests sent per address.
	ContactMessages Rule
	Callbacks       Rule
	// Complaints limits the complaints filed per address (pkg/complaint).
	Complaints Rule
	// AccountLinks limits the asks for a link by e-mail (password reset,
	// confirmation again, unlock) and the uses of one, per address.
	AccountLinks Rule
	// Prices limits the instant prices made per address, and PriceKeeps
	// the prices kept (each a lead, and for a visitor a mail).
	Prices     Rule
	PriceKeeps Rule
	// StreamsPerAddress and StreamsPerAccount bound the live chat streams
	// open at once (not a rate: a count of open connections).
	StreamsPerAddress int
	StreamsPerAccount int
	// MaxKeys caps the keys of each limiter (memory under a flood).
	MaxKeys int
}

// Default are the production limits. Each number with its reason:
//
//	limit            burst  then one every  why
//	SignInAddress    20     45 s            one person, typos included, signs in or up far less than 20 times in 15 min; a script guessing across accounts is held to 80 an hour
//	SignInSlow       5      1 min           five typos in a row are still a person: after them, one try a minute slows a guesser without locking anyone out
//	SignInLockout    10     15 min          ten wrong passwords from one address for one account is guessing: then one try per 15 min (refused meanwhile)
//	AccountBudget    100    6 min           NIST SP 800-63B 5.2.2: at most 100 failures per account, whatever the addresses; then 10 an hour
//	KnownAddress     30 days                the owner's own addresses (successful sign-in) are not stopped by a budget strangers spent; a session's longest life
//	KnownDevice      180 days               the owner's own browsers (device cookie after a sign-in) keep their own counts past a spent budget, wherever they connect from; half a year between two sign-ins is still the owner
//	Reauth           5      3 min           a stolen session must not guess the password: 5 tries, then one every 3 min; the owner's own, nobody else's
//	ChatStarts       20     30 s            a visitor opens one conversation per tab or sign-in; a page reloading in a loop does not fill the database
//	ChatAddress      60     1 s             a household or an office types far slower than 60 messages a second; a script does not
//	ChatConversation 20     3 s             one person types at most a message every 3 s in one conversation, after a burst of quick replies
//	ClientErrors     10     6 s             a broken page may report on every render; ten at once, then one every 6 s, keep the log readable
//	Exports          3      20 min          a person downloads their data once or twice; a loop must not read a long history again and again
//	ContactMessages  5      12 min          a person writes one message, two with a correction; 5 an hour from one household or office, a script cannot fill the agents' queue
//	Callbacks        5      12 min          one call is asked for at a time; 5 an hour leaves room for a family or an office, not for a flood of fake numbers
//	Complaints       5      4 h 48 min      5 a day: a household with several grievances files them all; a script cannot bury the complaints service
//	AccountLinks     10     6 min           a person asks a reset or a confirmation again once or twice, and opens its link once; a script cannot mail a list of addresses or guess links
//	Prices           30     20 s            a person compares: another deductible, another car, the options, each a new price; 180 an hour keeps a script from copying the tariff
//	PriceKeeps       10     6 min           a person keeps their prices once or twice (a choice changed); a script cannot fill the agents' leads or mail a list of addresses
//	StreamsPerAddress 30 open               the tabs and phones of a household or a small office, each with the chat open; a script cannot hold thousands of connections
//	StreamsPerAccount 8 open                an agent's tabs and devices, the terminal aside; a stolen session cannot hold more
func Default() Limits {
	return Limits{
		SignInAddress:     Rule{Burst: 20, Every: 45 * time.Second},
		SignInSlow:        Rule{Burst: 5, Every: time.Minute},
		SignInLockout:     Rule{Burst: 10, Every: 15 * time.Minute},
		AccountBudget:     Rule{Burst: 100, Every: 6 * time.Minute},
		KnownAddress:      30 * 24 * time.Hour,
		KnownDevice:       180 * 24 * time.Hour,
		Reauth:            Rule{Burst: 5, Every: 3 * time.Minute},
		ChatStarts:        Rule{Burst: 20, Every: 30 * time.Second},
		ChatAddress:       Rule{Burst: 60, Every: time.Second},
		ChatConversation:  Rule{Burst: 20, Every: 3 * time.Second},
		ClientErrors:      Rule{Burst: 10, Every: 6 * time.Second},
		Exports:           Rule{Burst: 3, Every: 20 * time.Minute},
		ContactMessages:   Rule{Burst: 5, Every: 12 * time.Minute},
		Callbacks:         Rule{Burst: 5, Every: 12 * time.Minute},
		Complaints:        Rule{Burst: 5, Every: 24 * time.Hour / 5},
		AccountLinks:      Rule{Burst: 10, Every: 6 * time.Minute},
		Prices:            Rule{Burst: 30, Every: 20 * time.Second},
		PriceKeeps:        Rule{Burst: 10, Every: 6 * time.Minute},
		StreamsPerAddress: 30,
		StreamsPerAccount: 8,
		MaxKeys:           DefaultMaxKeys,
	}
}

// OrDefault is l, or Default when l is the zero value.
func (l Limits) OrDefault() Limits {
	if l == (Limits{}) {
		return Default()
	}
	return l
}
