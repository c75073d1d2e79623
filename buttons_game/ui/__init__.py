"""The game on screen: pygame-ce and pygame_gui. Draws engine states; never changes them."""
