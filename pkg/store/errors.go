package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// The classes of database errors the code acts on, told by the engine's
// code (SQLite's extended result code, PostgreSQL's SQLSTATE), never by
// the text of the message.

// IsUnique tells whether err is the violation of a unique or primary key
// constraint.
func IsUnique(err error) bool {
	if code, ok := sqliteCode(err); ok {
		return code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return pgState(err) == "23505"
}

// IsForeignKey tells whether err is the violation of a foreign key.
func IsForeignKey(err error) bool {
	if code, ok := sqliteCode(err); ok {
		return code == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	return pgState(err) == "23503"
}

// IsBusy tells whether err means the database was held by another writer
// longer than the store waits (SQLite's busy timeout, PostgreSQL's lock
// timeout) or could not serialize the transaction: trying again later may
// succeed.
func IsBusy(err error) bool {
	if code, ok := sqliteCode(err); ok {
		return code&0xff == sqlite3.SQLITE_BUSY || code&0xff == sqlite3.SQLITE_LOCKED
	}
	switch pgState(err) {
	case "40001", "40P01", "55P03":
		return true
	}
	return false
}

// IsRetryable tells whether a PostgreSQL transaction failed only for a
// concurrent one (serialization failure, deadlock) and may run again.
func IsRetryable(err error) bool {
	switch pgState(err) {
	case "40001", "40P01":
		return true
	}
	return false
}

// sqliteCode is the extended result code of a SQLite error.
func sqliteCode(err error) (int, bool) {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code(), true
	}
	return 0, false
}

// pgState is the SQLSTATE of a PostgreSQL error, "" for any other error.
func pgState(err error) string {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
