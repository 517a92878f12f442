"""Learns a user's set (colours, symbols) and camera; generates the printable play mat."""
