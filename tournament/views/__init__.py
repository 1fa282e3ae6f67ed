"""The director's pages under /direzione/: thin views, one service call per POST."""
