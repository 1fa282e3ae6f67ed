"""Director pages: thin views over ``tournament.services``."""
