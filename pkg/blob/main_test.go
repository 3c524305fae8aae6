package blob

import (
	"testing"

	"courtier/pkg/store/storetest"
)

// TestMain lets the PostgreSQL run reuse migrated schemas (storetest.Main).
func TestMain(m *testing.M) { storetest.Main(m) }
