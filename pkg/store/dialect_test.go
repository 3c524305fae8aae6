package store

import "testing"

func TestNumberPlaceholders(t *testing.T) {
	tests := []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"SELECT a FROM t WHERE b = ? AND c = ?", "SELECT a FROM t WHERE b = $1 AND c = $2"},
		{"WHERE a <= ?1 OR b <= ?2 OR c = ?1", "WHERE a <= $1 OR b <= $2 OR c = $1"},
		{"WHERE uid = ?4 AND x <= ?1", "WHERE uid = $4 AND x <= $1"},
		{"SELECT '?', \"a?\" FROM t WHERE x = ?", "SELECT '?', \"a?\" FROM t WHERE x = $1"},
		{"SELECT 'it''s ?' WHERE x = ?", "SELECT 'it''s ?' WHERE x = $1"},
		{"SELECT x -- why?\nFROM t WHERE y = ?", "SELECT x -- why?\nFROM t WHERE y = $1"},
		{"x LIKE ? ESCAPE '\\' OR y LIKE ? ESCAPE '\\'", "x LIKE $1 ESCAPE '\\' OR y LIKE $2 ESCAPE '\\'"},
		{"SELECT 'unterminated ?", "SELECT 'unterminated ?"},
	}
	for _, tt := range tests {
		if got := numberPlaceholders(tt.in); got != tt.want {
			t.Errorf("numberPlaceholders(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPgArgsTurnsBooleansIntoIntegers(t *testing.T) {
	in := []any{true, "a", false, 3}
	got := pgArgs(in)
	want := []any{int64(1), "a", int64(0), 3}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("arg %d = %#v, want %#v", i, got[i], want[i])
		}
	}
	if in[0] != true {
		t.Error("pgArgs changed its caller's slice")
	}
}
