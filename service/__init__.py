"""The dogpark service: TODO."""
